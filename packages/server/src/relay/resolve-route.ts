import { ChannelStatus } from '@gateway/shared'
import type { OptionStore } from '../services/options/option-store.ts'
import { usableGroups } from '../services/users/usable-groups.ts'
import type { Candidate, RelayChannel, RoutingSnapshot } from './cache/channel-cache.ts'
import { localError } from './relay-error.ts'
import { routingModelName } from './select-channel.ts'

export interface Route {
  /** the group that serves (and prices) the request */
  group: string
  levels: Candidate[][]
  pinned: RelayChannel | undefined
}

/**
 * The groups a request may use, in order: the token's group (checked against the user's usable
 * groups and GroupRatio), `auto` expanded from AutoGroups, or the user's own group.
 */
export function candidateGroups(options: OptionStore, tokenGroup: string, userGroup: string): string[] {
  const usable = usableGroups(options, userGroup, '')
  if (tokenGroup === 'auto') {
    const auto = options.json<string[]>('AutoGroups').filter((g) => Object.hasOwn(usable, g))
    return auto.length > 0 ? auto : [userGroup]
  }
  if (!tokenGroup) return [userGroup]
  if (!Object.hasOwn(usable, tokenGroup))
    throw localError(403, 'group_forbidden', 'group.forbidden', { group: tokenGroup }, 'permission_error')
  if (!Object.hasOwn(options.json<Record<string, number>>('GroupRatio'), tokenGroup)) {
    throw localError(403, 'group_deprecated', 'group.deprecated', { group: tokenGroup }, 'permission_error')
  }
  return [tokenGroup]
}

/**
 * Finds where a model can be served: the first group (in order) that has an enabled channel for it.
 * Throws 404 when no channel of these groups lists the model, 503 when only unavailable ones do.
 */
export function resolveRoute(
  snapshot: RoutingSnapshot,
  groups: string[],
  model: string,
  pinnedChannelId: number | undefined
): Route {
  if (pinnedChannelId !== undefined) {
    const pinned = snapshot.channels.get(pinnedChannelId)
    if (!pinned) throw localError(400, 'invalid_channel', 'token.channel_pin_invalid')
    if (pinned.status !== ChannelStatus.enabled)
      throw localError(403, 'channel_disabled', 'token.channel_pin_disabled', undefined, 'permission_error')
    return { group: groups[0] as string, levels: [[{ channel: pinned, priority: 0, weight: 0 }]], pinned }
  }
  const name = routingModelName(model)
  for (const group of groups) {
    const levels = snapshot.routes.get(group)?.get(name)
    if (levels && levels.length > 0) return { group, levels, pinned: undefined }
  }
  // Channels that list the model but cannot serve it now (disabled, auto-disabled): 503, worth a
  // retry later. No channel listing it at all: 404, which no SDK retries (they all retry a 503,
  // some for over a minute, before the caller learns the model name was wrong).
  if (groups.some((group) => snapshot.listed.get(group)?.has(name)))
    throw localError(503, 'model_not_found', 'channel.none', { group: groups.join(','), model })
  throw localError(
    404,
    'model_not_found',
    'model.no_channel',
    { group: groups.join(','), model },
    'invalid_request_error'
  )
}
