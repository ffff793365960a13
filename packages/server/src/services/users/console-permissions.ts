import { Role, type ConsolePermissions } from '@gateway/shared'
import type { OptionStore } from '../options/option-store.ts'

/**
 * The caller's console permissions in the reference's form. Sidebar: the root has nothing to
 * customise, admins may not open the system settings, users have no admin area. Channels: admins
 * read and operate them; changing them is the root's, or also admins' while
 * AdminChannelWriteEnabled is on (as channelWriteAuth decides); no one may view channel keys,
 * which no answer of ours carries.
 */
export function consolePermissions(role: number, options: OptionStore): ConsolePermissions {
  const admin = role >= Role.admin
  const write = role >= Role.root || (admin && options.bool('AdminChannelWriteEnabled'))
  const channel = { read: admin, operate: admin, write, sensitive_write: write, secret_view: false }
  if (role >= Role.root) return { sidebar_settings: false, sidebar_modules: {}, admin_permissions: { channel } }
  if (admin)
    return { sidebar_settings: true, sidebar_modules: { admin: { setting: false } }, admin_permissions: { channel } }
  return { sidebar_settings: true, sidebar_modules: { admin: false }, admin_permissions: { channel } }
}
