import { Role, type SessionUser } from '@gateway/shared'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ChevronDown, LayoutDashboard, LogOut, UserCog } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { api } from '@/lib/api-client'
import { clearStoredUser } from '@/lib/session'

function roleKey(role: number): 'root' | 'admin' | 'user' {
  if (role >= Role.root) return 'root'
  if (role >= Role.admin) return 'admin'
  return 'user'
}

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('nav')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const name = user.display_name || user.username

  async function logout() {
    // The local session ends even if the server call fails (e.g. the cookie already expired).
    await api.post('/api/user/logout', undefined, { skipSessionExpiry: true }).catch(() => undefined)
    clearStoredUser()
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'status' })
    toast.success(t('account.loggedOut'))
    await navigate({ to: '/login' })
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        aria-label={t('account.menu')}
        className="flex h-9 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 data-[state=open]:bg-accent"
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary uppercase">
          {name.slice(0, 1)}
        </span>
        <span className="hidden max-w-32 truncate sm:inline">{name}</span>
        <ChevronDown className="hidden size-3.5 text-muted-foreground sm:block" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">
            @{user.username} · {t(`account.roles.${roleKey(user.role)}`)}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/token">
            <LayoutDashboard />
            {t('top.console')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/personal">
            <UserCog />
            {t('items.personal')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" data-testid="logout" onSelect={() => void logout()}>
          <LogOut />
          {t('account.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
