import {
  ChannelAddMode,
  ChannelStatus,
  ChannelType,
  MAX_KEYS_PER_CREATE,
  MultiKeyMode,
  splitLines,
  type AddChannelInput,
  type Channel,
} from '@gateway/shared'
import { insertChannel, listChannelInfos } from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { toChannel } from './channel-dto.ts'
import { channelChanges, checkTypeRules } from './channel-fields.ts'
import { channelInfoText, multiKeyInfo, singleKeyInfo } from './channel-info.ts'
import { applyPrivateNetworkRule, checkChannelBaseUrl } from './check-base-url.ts'
import { rebuildAbilities } from './rebuild-abilities.ts'

/** One channel to insert: its key text (plain) and what channel_info it starts with. */
interface NewChannel {
  key: string
  name: string
  info: string
}

/**
 * POST /api/channel/, by the reference's modes: `single` stores the key text as one channel's
 * key; `batch` makes one channel per key line; `multi_to_single` makes one channel holding every
 * key line, picked per request by `multi_key_mode`. A Vertex AI service account is a JSON object,
 * so its batch and multi-key forms take a JSON array of them. Keys are stored encrypted (a
 * multi-key channel's lines as one ciphertext); the channels and their abilities are written in
 * one transaction.
 */
export async function createChannels(services: Services, input: AddChannelInput, byRoot: boolean): Promise<Channel[]> {
  const { name, key, ...rest } = input.channel
  const type = rest.type ?? ChannelType.openAI
  const planned = plannedChannels(input, type, name, key)
  const fields = {
    status: ChannelStatus.enabled,
    group: 'default',
    auto_ban: 1,
    ...channelChanges(rest),
    type,
    created_time: nowSeconds(),
  }
  fields.other = checkTypeRules(type, fields.other ?? '')
  applyPrivateNetworkRule(fields, byRoot)
  checkChannelBaseUrl(services.options, fields.base_url, fields.private_network === 1)

  const created = await services.db.transaction().execute(async (trx) => {
    const ids: number[] = []
    for (const one of planned) {
      ids.push(
        await insertChannel(trx, services.dialect, {
          ...fields,
          name: one.name,
          key: services.secrets.encrypt(one.key),
          channel_info: one.info,
        })
      )
    }
    const channels = await listChannelInfos(trx, ids)
    await rebuildAbilities(trx, services.dialect, channels)
    return channels
  })
  await services.changes.publish({ kind: 'channels' })
  return created.map(toChannel)
}

function plannedChannels(input: AddChannelInput, type: number, name: string, keyText: string): NewChannel[] {
  const single = singleKeyText(keyText)
  if (input.mode === ChannelAddMode.single) return [{ key: single, name, info: channelInfoText(singleKeyInfo()) }]
  const keys = type === ChannelType.vertexAI ? vertexKeys(keyText) : splitLines(keyText)
  if (keys.length === 0) throw new AppError('BAD_REQUEST', 'channel.name_key_required')
  if (keys.length > MAX_KEYS_PER_CREATE)
    throw new AppError('BAD_REQUEST', 'channel.too_many_keys', { max: MAX_KEYS_PER_CREATE })
  if (input.mode === ChannelAddMode.multiToSingle) {
    const mode = input.multi_key_mode ?? MultiKeyMode.random
    return [{ key: keys.join('\n'), name, info: channelInfoText(multiKeyInfo(mode, keys.length)) }]
  }
  const withPrefix = input.batch_add_set_key_prefix_2_name === true && keys.length > 1
  return keys.map((key) => ({
    key,
    name: withPrefix ? `${name} ${key.slice(0, 8)}`.slice(0, 255) : name,
    info: channelInfoText(singleKeyInfo()),
  }))
}

/** A single channel's key as typed, without the blank space around it. */
function singleKeyText(keyText: string): string {
  const key = keyText.trim()
  if (key === '') throw new AppError('BAD_REQUEST', 'channel.name_key_required')
  return key
}

/**
 * Vertex AI keys: a JSON array holds several service accounts (each kept as one line of compact
 * JSON); anything else is one key.
 */
export function vertexKeys(keyText: string): string[] {
  const text = keyText.trim()
  if (!text.startsWith('[')) return text === '' ? [] : [text]
  let array: unknown
  try {
    array = JSON.parse(text)
  } catch {
    throw new AppError('BAD_REQUEST', 'channel.vertex_keys_invalid')
  }
  if (!Array.isArray(array)) throw new AppError('BAD_REQUEST', 'channel.vertex_keys_invalid')
  return array
    .map((item) => (typeof item === 'string' ? item.trim() : JSON.stringify(item)))
    .filter((item) => item !== '')
}
