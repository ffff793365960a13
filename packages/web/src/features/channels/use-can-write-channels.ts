import { Role } from '@gateway/shared'
import { useSessionUser } from '@/lib/session'
import { useStatus } from '@/lib/status'

/**
 * Whether the signed-in user may change channels: the root always, an admin only while the root
 * has turned AdminChannelWriteEnabled on. The server enforces it; the console only stops offering
 * what the server would refuse, so the list stays usable read-only (tests, balances, models).
 */
export function useCanWriteChannels(): boolean {
  const user = useSessionUser()
  const status = useStatus()
  const role = user?.role ?? Role.guest
  return role >= Role.root || (role >= Role.admin && status.admin_channel_write_enabled)
}
