import { Role } from '@gateway/shared'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { consolePermissions } from './console-permissions.ts'

let h: Harness
harnessPerTest((made) => {
  h = made
})

describe('consolePermissions', () => {
  it('closes the admin area to users, the settings to admins, and gives channel writes to the root and to admins only while it allows them', async () => {
    const options = h.services.options
    const user = consolePermissions(Role.user, options)
    expect(user.sidebar_modules).toEqual({ admin: false })
    expect(user.admin_permissions.channel).toEqual({
      read: false,
      operate: false,
      write: false,
      sensitive_write: false,
      secret_view: false,
    })

    const admin = consolePermissions(Role.admin, options)
    expect([admin.sidebar_settings, admin.sidebar_modules]).toEqual([true, { admin: { setting: false } }])
    expect(admin.admin_permissions.channel).toMatchObject({
      read: true,
      operate: true,
      write: false,
      sensitive_write: false,
    })

    await options.set('AdminChannelWriteEnabled', 'true')
    expect(consolePermissions(Role.admin, options).admin_permissions.channel).toMatchObject({
      write: true,
      sensitive_write: true,
    })

    const root = consolePermissions(Role.root, options)
    expect([root.sidebar_settings, root.sidebar_modules]).toEqual([false, {}])
    // No answer of ours carries a channel key, so no one is told they may view one.
    expect(root.admin_permissions.channel).toEqual({
      read: true,
      operate: true,
      write: true,
      sensitive_write: true,
      secret_view: false,
    })
  })
})
