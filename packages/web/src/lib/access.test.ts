import { Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { buildSidebarNav } from '@/components/layout/nav-items'
import { canAccess, requiredRole, routeRoles } from './access'
import { defaultStatus } from './status'

describe('route roles', () => {
  it('asks for admin on the admin areas and their sub-pages only', () => {
    expect(requiredRole('/channel')).toBe(Role.admin)
    expect(requiredRole('/channel/edit/3')).toBe(Role.admin)
    expect(requiredRole('/user/edit')).toBe(Role.admin)
    expect(requiredRole('/setting')).toBe(Role.admin)
    expect(requiredRole('/token')).toBe(Role.user)
    expect(requiredRole('/users-like')).toBe(Role.user)
    expect(canAccess(Role.user, '/redemption')).toBe(false)
    expect(canAccess(Role.admin, '/redemption')).toBe(true)
    expect(canAccess(Role.root, '/setting')).toBe(true)
  })

  it('is the table the sidebar shows its admin entries from', () => {
    const adminEntries = (role: number) =>
      buildSidebarNav(defaultStatus, { role })
        .flatMap((group) => group.items)
        .map((item) => item.to)
        .filter((to) => to in routeRoles)
    expect(adminEntries(Role.user)).toEqual([])
    expect(adminEntries(Role.admin)).toEqual(['/channel', '/redemption', '/user', '/setting'])
    expect(adminEntries(Role.root)).toEqual(Object.keys(routeRoles))
  })
})
