import { Role } from '@gateway/shared'

/**
 * The least role each console area needs, by its first path segment. The sidebar and the route
 * guard both read this one table, so a page is never linked for a role the guard turns away (or
 * the reverse). Areas not listed are open to every signed-in user.
 */
export const routeRoles: Readonly<Record<string, number>> = {
  '/channel': Role.admin,
  '/redemption': Role.admin,
  '/user': Role.admin,
  '/setting': Role.admin,
}

/** The least role `pathname` needs (/channel/edit/3 falls under /channel). */
export function requiredRole(pathname: string): number {
  const area = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`
  return routeRoles[area] ?? Role.user
}

export function canAccess(role: number, pathname: string): boolean {
  return role >= requiredRole(pathname)
}
