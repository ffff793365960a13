import { Outlet } from '@tanstack/react-router'
import { TwoFactorRequiredBanner } from '@/features/personal/personal-two-factor-required-banner'
import { useIsMobile } from '@/hooks/use-mobile'
import { useSelfSync } from '@/hooks/use-self-sync'
import { useSidebarCollapsed } from '@/hooks/use-sidebar-collapsed'
import { useSessionUser } from '@/lib/session'
import { useStatus } from '@/lib/status'
import { Footer } from './footer'
import { buildSidebarNav } from './nav-items'
import { Sidebar } from './sidebar'
import { TopBar } from './top-bar'

/** Console pages: top bar, the side navigation for logged-in users, content and footer. */
export function ConsoleLayout() {
  const status = useStatus()
  const user = useSessionUser()
  const isMobile = useIsMobile()
  useSelfSync(user)
  const [collapsed, toggle] = useSidebarCollapsed(status.default_collapse_sidebar)
  const groups = user ? buildSidebarNav(status, user) : undefined

  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar sidebarGroups={groups} />
      <div className="flex flex-1">
        {groups && !isMobile && <Sidebar groups={groups} collapsed={collapsed} onToggle={toggle} />}
        <div className="flex min-w-0 flex-1 flex-col">
          <main className="flex-1 px-4 py-6 sm:px-8 sm:py-8">
            <div className="mx-auto w-full max-w-7xl">
              <TwoFactorRequiredBanner />
              <Outlet />
            </div>
          </main>
          <Footer />
        </div>
      </div>
    </div>
  )
}
