import type { UsableGroupInfo } from '@gateway/shared'
import type { OptionStore } from '../options/option-store.ts'

/**
 * The groups a user may pick for tokens and the playground: the operator's UserUsableGroups plus
 * the user's own group. Anonymous callers (no group) get UserUsableGroups alone.
 */
export function usableGroups(
  options: OptionStore,
  userGroup: string | undefined,
  ownGroupDesc: string
): Record<string, string> {
  const groups: Record<string, string> = { ...options.json<Record<string, string>>('UserUsableGroups') }
  if (userGroup && !Object.hasOwn(groups, userGroup)) groups[userGroup] = ownGroupDesc
  return groups
}

/** GET /api/user/self/groups: every usable group that has a ratio, with its ratio and description. */
export function usableGroupRatios(
  options: OptionStore,
  userGroup: string | undefined,
  ownGroupDesc: string
): Record<string, UsableGroupInfo> {
  const ratios = options.json<Record<string, number>>('GroupRatio')
  const result: Record<string, { ratio: number; desc: string }> = {}
  for (const [group, desc] of Object.entries(usableGroups(options, userGroup, ownGroupDesc))) {
    const ratio = ratios[group]
    if (typeof ratio === 'number') result[group] = { ratio, desc }
  }
  return result
}
