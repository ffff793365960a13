import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useIsMobile } from '@/hooks/use-mobile'
import { useSessionUser } from '@/lib/session'
import { useStatus } from '@/lib/status'
import { Brand } from './brand'
import { LanguageMenu } from './language-menu'
import { MobileNavSheet } from './mobile-nav-sheet'
import { buildTopNav, type NavGroup } from './nav-items'
import { NewYearButton } from './new-year'
import { ThemeToggle } from './theme-toggle'
import { TopNavLinks } from './top-nav-links'
import { UserMenu } from './user-menu'

/** The 56px bar on every page. `sidebarGroups` feeds the mobile sheet on console pages. */
export function TopBar({ sidebarGroups }: { sidebarGroups?: NavGroup[] }) {
  const { t } = useTranslation('nav')
  const status = useStatus()
  const user = useSessionUser()
  const isMobile = useIsMobile()
  const links = buildTopNav(status.docs_link)
  const showRegister = !isMobile && !status.self_use_mode_enabled

  return (
    <header className="sticky top-0 z-40 h-14 border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="flex h-full items-center gap-2 px-3 sm:gap-4 sm:px-5">
        <div className="md:hidden">
          <MobileNavSheet links={links} groups={isMobile ? sidebarGroups : undefined} />
        </div>
        <Brand />
        <div className="ml-2 hidden md:block">
          <TopNavLinks links={links} layout="bar" />
        </div>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <NewYearButton />
          <ThemeToggle />
          <LanguageMenu />
          {/* Before setup every page leads back to /setup: sign-in links would only loop. */}
          {!status.setup ? null : user ? (
            <div className="ml-1">
              <UserMenu user={user} />
            </div>
          ) : (
            <div className="ml-1 flex items-center gap-1.5">
              <Button asChild variant={showRegister ? 'ghost' : 'default'} size="sm" data-testid="login-link">
                <Link to="/login">{t('account.login')}</Link>
              </Button>
              {showRegister && (
                <Button asChild size="sm" data-testid="register-link">
                  <Link to="/register">{t('account.register')}</Link>
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </header>
  )
}
