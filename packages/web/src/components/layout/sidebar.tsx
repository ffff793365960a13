import { SIDEBAR_WIDTH } from '@gateway/shared'
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { cn } from '@/lib/utils'
import type { NavGroup } from './nav-items'
import { SidebarNav } from './sidebar-nav'

interface SidebarProps {
  groups: NavGroup[]
  collapsed: boolean
  onToggle: () => void
}

/** Desktop side navigation: 200px wide, 60px collapsed to icons with tooltips. */
export function Sidebar({ groups, collapsed, onToggle }: SidebarProps) {
  const { t } = useTranslation('nav')
  const toggleLabel = collapsed ? t('sidebar.expand') : t('sidebar.collapse')
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose
  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      style={{ width: collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded }}
      className="sticky top-14 flex h-[calc(100dvh-3.5rem)] shrink-0 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-out"
    >
      <div className="min-h-0 flex-1 overflow-x-hidden overflow-y-auto">
        <SidebarNav groups={groups} collapsed={collapsed} />
      </div>
      <div className={cn('border-t border-sidebar-border p-2.5', collapsed && 'flex justify-center')}>
        <Tooltip>
          <TooltipTrigger asChild>
            <button
              type="button"
              data-testid="sidebar-toggle"
              aria-label={toggleLabel}
              aria-expanded={!collapsed}
              onClick={onToggle}
              className={cn(
                'flex h-9 items-center gap-3 rounded-md text-sm text-muted-foreground transition-colors outline-none hover:bg-sidebar-accent/60 hover:text-sidebar-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40',
                collapsed ? 'w-9 justify-center' : 'w-full px-2.5'
              )}
            >
              <ToggleIcon className="size-[18px] shrink-0" />
              {!collapsed && <span className="truncate">{toggleLabel}</span>}
            </button>
          </TooltipTrigger>
          {collapsed && <TooltipContent side="right">{toggleLabel}</TooltipContent>}
        </Tooltip>
      </div>
    </aside>
  )
}
