import { Link, useRouterState } from '@tanstack/react-router'
import { ChevronDown } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { cn } from '@/lib/utils'
import { isActivePath, type NavGroup, type NavItem } from './nav-items'
import { SidebarChatFlyout } from './sidebar-chat-flyout'

interface SidebarNavProps {
  groups: NavGroup[]
  collapsed: boolean
  /** Called after a link is followed (the mobile sheet closes itself). */
  onNavigate?: () => void
}

const itemBase =
  'group/item flex h-9 items-center gap-3 rounded-md text-sm font-medium text-sidebar-foreground/85 transition-colors outline-none hover:bg-sidebar-accent/60 hover:text-sidebar-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40'
const itemActive =
  'bg-sidebar-accent text-sidebar-accent-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground'

export function SidebarNav({ groups, collapsed, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation('nav')
  return (
    <nav className="flex flex-col gap-4 px-2.5 py-3">
      {groups.map((group, index) => (
        <div key={group.key ?? `group-${index}`} className="flex flex-col gap-0.5">
          {group.key &&
            (collapsed ? (
              <div className="mx-2 mb-1.5 h-px bg-sidebar-border" aria-hidden />
            ) : (
              <div className="px-2.5 pb-1.5 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
                {t(`groups.${group.key}`)}
              </div>
            ))}
          {group.items.map((item) => (
            <SidebarItem key={item.key} item={item} collapsed={collapsed} onNavigate={onNavigate} />
          ))}
        </div>
      ))}
    </nav>
  )
}

function SidebarItem({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('nav')
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const label = t(`items.${item.key}`)
  const Icon = item.icon

  if (item.children) {
    return collapsed ? (
      <SidebarChatFlyout item={item} label={label} pathname={pathname} />
    ) : (
      <SidebarSubmenu item={item} label={label} pathname={pathname} onNavigate={onNavigate} />
    )
  }

  const active = isActivePath(pathname, item.to)
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      data-testid={`nav-${item.key}`}
      aria-current={active ? 'page' : undefined}
      className={cn(itemBase, collapsed ? 'justify-center px-0' : 'px-2.5', active && itemActive)}
    >
      <Icon className="size-[18px] shrink-0" />
      {collapsed ? <span className="sr-only">{label}</span> : <span className="truncate">{label}</span>}
    </Link>
  )
  if (!collapsed) return link
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  )
}

function SidebarSubmenu({
  item,
  label,
  pathname,
  onNavigate,
}: {
  item: NavItem
  label: string
  pathname: string
  onNavigate?: () => void
}) {
  const inside = pathname === '/chat' || pathname.startsWith('/chat/')
  const [open, setOpen] = useState(inside)
  const Icon = item.icon
  return (
    <div className="flex flex-col gap-0.5">
      <button
        type="button"
        data-testid={`nav-${item.key}`}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className={cn(itemBase, 'px-2.5', inside && !open && itemActive)}
      >
        <Icon className="size-[18px] shrink-0" />
        <span className="flex-1 truncate text-left">{label}</span>
        <ChevronDown className={cn('size-4 text-muted-foreground transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <div className="ml-[21px] flex flex-col gap-0.5 border-l border-sidebar-border pl-2.5">
          {item.children?.map((child) => (
            <Link
              key={child.to}
              to={child.to}
              onClick={onNavigate}
              title={child.label}
              className={cn(itemBase, 'h-8 px-2.5 font-normal', pathname === child.to && itemActive)}
            >
              <span className="truncate">{child.label}</span>
            </Link>
          ))}
        </div>
      )}
    </div>
  )
}
