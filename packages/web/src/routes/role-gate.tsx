import { Outlet, useRouterState } from '@tanstack/react-router'
import { NoPermissionPage } from '@/features/errors/no-permission-page'
import { canAccess } from '@/lib/access'
import { useSessionUser } from '@/lib/session'

/**
 * The protected layout's body: the page itself, or the no-permission page when the role table
 * (lib/access) says this role may not open it. The page is never mounted then, so none of its
 * calls go out and an admin toolbar never flashes up for a plain user.
 */
export function RoleGate() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const user = useSessionUser()
  if (user && !canAccess(user.role, pathname)) return <NoPermissionPage />
  return <Outlet />
}
