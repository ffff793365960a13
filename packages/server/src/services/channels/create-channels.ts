import { ChannelStatus, ChannelType, splitLines, type Channel, type CreateChannelInput } from '@gateway/shared'
import { insertChannel, listChannelInfos } from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { channelChanges, checkTypeRules } from './channel-fields.ts'
import { toChannel } from './channel-dto.ts'
import { rebuildAbilities } from './rebuild-abilities.ts'
import { applyPrivateNetworkRule, checkChannelBaseUrl } from './check-base-url.ts'

/** Most channels one multi-line key may create. */
export const MAX_KEYS_PER_CREATE = 1000

/**
 * POST /api/channel/. Each non-empty line of `key` becomes its own channel with the same fields,
 * except for Vertex AI, whose whole service-account JSON is one key. Keys are stored encrypted.
 * The channels and their abilities are written in one transaction.
 */
export async function createChannels(services: Services, input: CreateChannelInput, byRoot: boolean): Promise<Channel[]> {
  const { name, key, ...rest } = input
  const type = rest.type ?? ChannelType.openAI
  const keys = type === ChannelType.vertexAI ? [key.trim()] : splitLines(key)
  if (keys.length === 0 || keys[0] === '') throw new AppError('BAD_REQUEST', 'channel.name_key_required')
  if (keys.length > MAX_KEYS_PER_CREATE) throw new AppError('BAD_REQUEST', 'channel.too_many_keys', { max: MAX_KEYS_PER_CREATE })
  const fields = {
    status: ChannelStatus.enabled,
    group: 'default',
    auto_ban: 1,
    ...channelChanges(rest),
    type,
    name,
    created_time: nowSeconds(),
  }
  fields.other = checkTypeRules(type, fields.other ?? '')
  applyPrivateNetworkRule(fields, byRoot)
  checkChannelBaseUrl(services.options, fields.base_url, fields.private_network === 1)

  const created = await services.db.transaction().execute(async (trx) => {
    const ids: number[] = []
    for (const one of keys) ids.push(await insertChannel(trx, services.dialect, { ...fields, key: services.secrets.encrypt(one) }))
    const channels = await listChannelInfos(trx, ids)
    await rebuildAbilities(trx, services.dialect, channels)
    return channels
  })
  await services.changes.publish({ kind: 'channels' })
  return created.map(toChannel)
}
