import {
  ChannelStatus,
  type ChannelInfoDoc,
  type KeyStatus,
  type MultiKeyManageInput,
  type MultiKeyStatusPage,
} from '@gateway/shared'
import { lockChannelKeyState, saveChannelKeyState } from '../../db/queries/channel-keys.ts'
import { AppError } from '../../errors/app-error.ts'
import type { MessageKey, MessageParams } from '../../i18n/messages.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { channelInfoText, keyStatusOf, maskKey, readChannelInfo, splitChannelKeys } from './channel-info.ts'
import { channelStatusFor, setKeyStatus } from './channel-key-status.ts'

/** What an action answers: the status page, or a message (and for delete_disabled_keys the count). */
export type ManageKeysResult =
  { page: MultiKeyStatusPage } | { message: MessageKey; params?: MessageParams; data?: number }

const DEFAULT_PAGE_SIZE = 50

/**
 * POST /api/channel/multi_key/manage, the reference's key manager of a multi-key channel: list
 * the keys (masked) with their status, enable or disable one or all, delete one or every
 * auto-disabled one. Keys are addressed by their 0-based index; deleting renumbers the keys after
 * it and carries their status along. Keys disabled by hand are never enabled automatically.
 * Unlike the reference, the channel follows its keys: when none is left enabled it is
 * auto-disabled, and a key enabled again brings back a channel that was auto-disabled.
 */
export async function manageChannelKeys(services: Services, input: MultiKeyManageInput): Promise<ManageKeysResult> {
  const at = nowSeconds()
  const result = await services.db.transaction().execute(async (trx) => {
    const state = await lockChannelKeyState(trx, services.dialect, input.channel_id)
    if (!state) throw new AppError('NOT_FOUND', 'channel.not_found')
    const info = readChannelInfo(state.channel_info)
    if (!info.is_multi_key) throw new AppError('BAD_REQUEST', 'channel.not_multi_key')
    const keys = splitChannelKeys(services.secrets.decrypt(state.key))
    if (input.action === 'get_key_status') return { result: { page: statusPage(keys, info, input) }, changed: false }

    const outcome = applyAction(input, info, keys, at)
    const channelChange = channelStatusFor(state, outcome.info, outcome.keys.length, at)
    await saveChannelKeyState(trx, state.id, {
      ...(outcome.keys === keys ? {} : { key: services.secrets.encrypt(outcome.keys.join('\n')) }),
      channel_info: channelInfoText({ ...outcome.info, multi_key_size: outcome.keys.length }),
      ...channelChange,
    })
    return { result: outcome.result, changed: true }
  })
  if (result.changed) await services.changes.publish({ kind: 'channels' })
  return result.result
}

interface ActionOutcome {
  info: ChannelInfoDoc
  keys: string[]
  result: ManageKeysResult
}

function applyAction(input: MultiKeyManageInput, info: ChannelInfoDoc, keys: string[], at: number): ActionOutcome {
  const indexes = keys.map((_, i) => i)
  switch (input.action) {
    case 'enable_key':
      return {
        info: setKeyStatus(info, keyIndex(input, keys), ChannelStatus.enabled, '', at),
        keys,
        result: { message: 'channel.key_enabled' },
      }
    case 'disable_key':
      return {
        info: setKeyStatus(info, keyIndex(input, keys), ChannelStatus.manuallyDisabled, '', at),
        keys,
        result: { message: 'channel.key_disabled' },
      }
    case 'enable_all_keys': {
      const count = indexes.filter((i) => keyStatusOf(info, i) !== ChannelStatus.enabled).length
      const cleared = { ...info, multi_key_status_list: {}, multi_key_disabled_reason: {}, multi_key_disabled_time: {} }
      return { info: cleared, keys, result: { message: 'channel.keys_enabled', params: { count } } }
    }
    case 'disable_all_keys': {
      const enabled = indexes.filter((i) => keyStatusOf(info, i) === ChannelStatus.enabled)
      if (enabled.length === 0) throw new AppError('BAD_REQUEST', 'channel.no_key_to_disable')
      const next = enabled.reduce((doc, i) => setKeyStatus(doc, i, ChannelStatus.manuallyDisabled, '', at), info)
      return { info: next, keys, result: { message: 'channel.keys_disabled', params: { count: enabled.length } } }
    }
    case 'delete_key': {
      const index = keyIndex(input, keys)
      if (keys.length <= 1) throw new AppError('BAD_REQUEST', 'channel.last_key')
      return { ...keepKeys(info, keys, (i) => i !== index), result: { message: 'channel.key_deleted' } }
    }
    case 'delete_disabled_keys': {
      const deleted = indexes.filter((i) => keyStatusOf(info, i) === ChannelStatus.autoDisabled).length
      if (deleted === 0) throw new AppError('BAD_REQUEST', 'channel.no_auto_disabled_keys')
      if (deleted === keys.length) throw new AppError('BAD_REQUEST', 'channel.last_key')
      const kept = keepKeys(info, keys, (i) => keyStatusOf(info, i) !== ChannelStatus.autoDisabled)
      return { ...kept, result: { message: 'channel.keys_deleted', params: { count: deleted }, data: deleted } }
    }
    default:
      throw new AppError('BAD_REQUEST', 'channel.multi_key_action_invalid')
  }
}

function keyIndex(input: MultiKeyManageInput, keys: string[]): number {
  if (input.key_index === undefined || input.key_index === null)
    throw new AppError('BAD_REQUEST', 'channel.key_index_required')
  if (input.key_index < 0 || input.key_index >= keys.length)
    throw new AppError('BAD_REQUEST', 'channel.key_index_out_of_range')
  return input.key_index
}

/** The keys `keep` says stay, renumbered, each with its status, reason and time. */
function keepKeys(
  info: ChannelInfoDoc,
  keys: string[],
  keep: (index: number) => boolean
): Pick<ActionOutcome, 'info' | 'keys'> {
  const kept: string[] = []
  const statuses: Record<string, number> = {}
  const reasons: Record<string, string> = {}
  const times: Record<string, number> = {}
  keys.forEach((key, i) => {
    if (!keep(i)) return
    const next = String(kept.length)
    kept.push(key)
    const status = keyStatusOf(info, i)
    if (status !== ChannelStatus.enabled) statuses[next] = status
    const reason = info.multi_key_disabled_reason?.[String(i)]
    const time = info.multi_key_disabled_time?.[String(i)]
    if (status !== ChannelStatus.enabled && reason !== undefined) reasons[next] = reason
    if (status !== ChannelStatus.enabled && time !== undefined) times[next] = time
  })
  return {
    keys: kept,
    info: {
      ...info,
      multi_key_status_list: statuses,
      multi_key_disabled_reason: reasons,
      multi_key_disabled_time: times,
    },
  }
}

/** get_key_status: one page of the keys in the asked status; the counts cover every key. */
function statusPage(keys: string[], info: ChannelInfoDoc, input: MultiKeyManageInput): MultiKeyStatusPage {
  const all: KeyStatus[] = keys.map((key, index) => {
    const status = keyStatusOf(info, index)
    const row: KeyStatus = { index, status, key_preview: maskKey(key) }
    if (status !== ChannelStatus.enabled) {
      const time = info.multi_key_disabled_time?.[String(index)]
      const reason = info.multi_key_disabled_reason?.[String(index)]
      if (time) row.disabled_time = time
      if (reason) row.reason = reason
    }
    return row
  })
  const count = (status: number) => all.filter((k) => k.status === status).length
  const filtered =
    input.status === undefined || input.status === null ? all : all.filter((k) => k.status === input.status)
  const pageSize = input.page_size && input.page_size > 0 ? Math.min(input.page_size, 1000) : DEFAULT_PAGE_SIZE
  const totalPages = Math.max(1, Math.ceil(filtered.length / pageSize))
  const page = Math.min(Math.max(1, input.page ?? 1), totalPages)
  return {
    keys: filtered.slice((page - 1) * pageSize, page * pageSize),
    total: filtered.length,
    page,
    page_size: pageSize,
    total_pages: totalPages,
    enabled_count: count(ChannelStatus.enabled),
    manual_disabled_count: count(ChannelStatus.manuallyDisabled),
    auto_disabled_count: count(ChannelStatus.autoDisabled),
  }
}
