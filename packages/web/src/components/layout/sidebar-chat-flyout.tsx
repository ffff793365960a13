import { Link } from '@tanstack/react-router'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { cn } from '@/lib/utils'
import type { NavItem } from './nav-items'

/** With the sidebar collapsed there is no room for a submenu, so the chats open to the side. */
export function SidebarChatFlyout({ item, label, pathname }: { item: NavItem; label: string; pathname: string }) {
  const Icon = item.icon
  const inside = pathname.startsWith('/chat')
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger
            data-testid={`nav-${item.key}`}
            className={cn(
              'flex h-9 items-center justify-center rounded-md text-sidebar-foreground/85 transition-colors outline-none hover:bg-sidebar-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/40',
              inside && 'bg-sidebar-accent text-sidebar-accent-foreground'
            )}
          >
            <Icon className="size-[18px]" />
            <span className="sr-only">{label}</span>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent side="right">{label}</TooltipContent>
      </Tooltip>
      <DropdownMenuContent side="right" align="start" className="min-w-44">
        <DropdownMenuLabel className="text-xs text-muted-foreground">{label}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {item.children?.map((child) => (
          <DropdownMenuItem key={child.to} asChild className={cn(pathname === child.to && 'bg-accent')}>
            <Link to={child.to}>{child.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
