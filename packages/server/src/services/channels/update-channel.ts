import { ChannelType, MAX_KEYS_PER_CREATE, splitLines, type Channel, type UpdateChannelInput } from '@gateway/shared'
import { lockChannelKeyState } from '../../db/queries/channel-keys.ts'
import { findChannelInfo, updateChannels, type ChannelChanges } from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { toChannel } from './channel-dto.ts'
import { channelChanges, checkTypeRules } from './channel-fields.ts'
import { channelInfoText, pruneKeyEntries, readChannelInfo, splitChannelKeys } from './channel-info.ts'
import { applyPrivateNetworkRule, checkChannelBaseUrl } from './check-base-url.ts'
import { vertexKeys } from './create-channels.ts'
import { rebuildAbilities } from './rebuild-abilities.ts'

/**
 * PUT /api/channel/: changes the fields given, including the single-field status, priority and
 * weight switches. An empty key keeps the stored one. other_info (why and when the channel was
 * auto-disabled) is server-kept and survives. Abilities are rebuilt in the same transaction.
 * A multi-key channel takes a new key text by `key_mode` and a new pick mode by `multi_key_mode`.
 */
export async function updateChannel(services: Services, input: UpdateChannelInput, byRoot: boolean): Promise<Channel> {
  const { id, key, name, key_mode: keyMode, multi_key_mode: multiKeyMode, ...rest } = input
  const changes = channelChanges(rest)
  if (name) changes.name = name
  const newKeyText = key && key.trim() !== '' ? key : undefined

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
    if (readChannelInfo(current.channel_info).is_multi_key) {
      if (newKeyText !== undefined || multiKeyMode) {
        Object.assign(
          changes,
          await multiKeyChanges(
            services,
            trx,
            id,
            changes.type ?? current.type,
            newKeyText,
            keyMode ?? 'replace',
            multiKeyMode
          )
        )
      }
    } else if (newKeyText !== undefined) changes.key = services.secrets.encrypt(newKeyText.trim())
    await updateChannels(trx, [id], changes)
    const after = await findChannelInfo(trx, id)
    if (!after) throw new AppError('NOT_FOUND', 'channel.not_found')
    await rebuildAbilities(trx, services.dialect, [after])
    return after
  })
  await services.changes.publish({ kind: 'channels' })
  return toChannel(updated)
}

/**
 * A multi-key channel's new key list and channel_info, read under the row lock so a key the relay
 * disables meanwhile is not lost. `append` adds the new lines after the stored keys (repeats left
 * out) and keeps every status; `replace` makes the new lines the list and, being new keys, they
 * start enabled (the reference kept the old statuses by position).
 */
async function multiKeyChanges(
  services: Services,
  trx: Parameters<typeof lockChannelKeyState>[0],
  id: number,
  type: number,
  keyText: string | undefined,
  keyMode: 'append' | 'replace',
  multiKeyMode: string | undefined | null
): Promise<Pick<ChannelChanges, 'key' | 'channel_info'>> {
  const state = await lockChannelKeyState(trx, services.dialect, id)
  if (!state) throw new AppError('NOT_FOUND', 'channel.not_found')
  let info = readChannelInfo(state.channel_info)
  if (multiKeyMode) info = { ...info, multi_key_mode: multiKeyMode }
  if (keyText === undefined) return { channel_info: channelInfoText(info) }

  const typed = type === ChannelType.vertexAI ? vertexKeys(keyText) : splitLines(keyText)
  let keys: string[]
  if (keyMode === 'append') {
    const stored = splitChannelKeys(services.secrets.decrypt(state.key))
    const seen = new Set(stored.map((k) => k.trim()))
    keys = [...stored, ...typed.filter((k) => !seen.has(k) && seen.add(k))]
  } else {
    keys = typed
    info = {
      ...info,
      multi_key_status_list: {},
      multi_key_disabled_reason: {},
      multi_key_disabled_time: {},
      multi_key_polling_index: 0,
    }
  }
  if (keys.length === 0) throw new AppError('BAD_REQUEST', 'channel.name_key_required')
  if (keys.length > MAX_KEYS_PER_CREATE)
    throw new AppError('BAD_REQUEST', 'channel.too_many_keys', { max: MAX_KEYS_PER_CREATE })
  return {
    key: services.secrets.encrypt(keys.join('\n')),
    channel_info: channelInfoText(pruneKeyEntries(info, keys.length)),
  }
}
