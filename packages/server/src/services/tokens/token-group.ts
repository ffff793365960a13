import { AUTO_GROUP } from '@gateway/shared'
import { AppError } from '../../errors/app-error.ts'
import type { OptionStore } from '../options/option-store.ts'
import { usableGroups } from '../users/usable-groups.ts'

/**
 * A token's group is '' (use the user's group), 'auto' (the relay picks from AutoGroups), or a
 * group the user may use (UserUsableGroups plus the user's own group).
 */
export function assertTokenGroup(options: OptionStore, userGroup: string, group: string): void {
  if (group === '' || group === AUTO_GROUP) return
  if (Object.hasOwn(usableGroups(options, userGroup, ''), group)) return
  throw new AppError('BAD_REQUEST', 'token.group_unusable', { group: group.slice(0, 64) })
}
