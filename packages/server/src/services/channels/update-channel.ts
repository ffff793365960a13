import type { Channel, UpdateChannelInput } from '@gateway/shared'
import { findChannelInfo, updateChannels } from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { channelChanges, checkTypeRules } from './channel-fields.ts'
import { toChannel } from './channel-dto.ts'
import { rebuildAbilities } from './rebuild-abilities.ts'
import { applyPrivateNetworkRule, checkChannelBaseUrl } from './check-base-url.ts'

/**
 * PUT /api/channel/: changes the fields given, including the single-field status, priority and
 * weight switches. An empty key keeps the stored one. other_info (why and when the channel was
 * auto-disabled) is server-kept and survives. Abilities are rebuilt in the same transaction.
 */
export async function updateChannel(services: Services, input: UpdateChannelInput, byRoot: boolean): Promise<Channel> {
  const { id, key, name, ...rest } = input
  const changes = channelChanges(rest)
  if (name) changes.name = name
  if (key && key.trim() !== '') changes.key = services.secrets.encrypt(key.trim())

  const updated = await services.db.transaction().execute(async (trx) => {
    const current = await findChannelInfo(trx, id)
    if (!current) throw new AppError('NOT_FOUND', 'channel.not_found')
    applyPrivateNetworkRule(changes, byRoot, current)
    checkChannelBaseUrl(services.options, changes.base_url, (changes.private_network ?? current.private_network) === 1)
    // Like the reference, the type rules apply when the body speaks about type or region, so a
    // status switch on an old row never fails on them.
    if (changes.type !== undefined || changes.other !== undefined) {
      const other = checkTypeRules(changes.type ?? current.type, changes.other ?? current.other)
      if (other !== current.other) changes.other = other
    }
    await updateChannels(trx, [id], changes)
    const after = await findChannelInfo(trx, id)
    if (!after) throw new AppError('NOT_FOUND', 'channel.not_found')
    await rebuildAbilities(trx, services.dialect, [after])
    return after
  })
  await services.changes.publish({ kind: 'channels' })
  return toChannel(updated)
}
