import { Menu } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { useStatus } from '@/lib/status'
import type { NavGroup, TopNavLink } from './nav-items'
import { SidebarNav } from './sidebar-nav'
import { TopNavLinks } from './top-nav-links'

interface MobileNavSheetProps {
  links: TopNavLink[]
  /** The side navigation, when the current page has one (logged-in console pages). */
  groups?: NavGroup[]
}

/** Below the mobile threshold the sidebar and the top links live in a sheet opened from the top bar. */
export function MobileNavSheet({ links, groups }: MobileNavSheetProps) {
  const { t } = useTranslation('nav')
  const status = useStatus()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" data-testid="mobile-menu" aria-label={t('menu.open')} className="-ml-1.5">
          <Menu />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" data-testid="mobile-sidebar" className="bg-sidebar">
        <SheetHeader className="border-b border-sidebar-border">
          <SheetTitle className="flex items-center gap-2.5">
            <img src={status.logo || '/logo.png'} alt="" className="size-7 rounded-md object-contain" />
            <span className="truncate">{status.system_name}</span>
          </SheetTitle>
          <SheetDescription className="sr-only">{t('menu.title')}</SheetDescription>
        </SheetHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <div className="px-2.5 pt-3">
            <TopNavLinks links={links} layout="list" onNavigate={close} />
          </div>
          {groups && (
            <>
              <div className="mx-4 mt-3 h-px bg-sidebar-border" />
              <SidebarNav groups={groups} collapsed={false} onNavigate={close} />
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  )
}
