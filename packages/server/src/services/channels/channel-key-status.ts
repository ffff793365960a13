import { ChannelStatus, type ChannelInfoDoc } from '@gateway/shared'
import {
  lockChannelKeyState,
  saveChannelKeyState,
  type ChannelKeyChanges,
  type ChannelKeyState,
} from '../../db/queries/channel-keys.ts'
import type { Services } from '../container.ts'
import { channelInfoText, enabledKeyIndexes, keyStatusOf, readChannelInfo, splitChannelKeys } from './channel-info.ts'

/** The reason a multi-key channel records when its last key went (the reference's words). */
export const ALL_KEYS_DISABLED = 'All keys are disabled'

export interface KeyStatusChange {
  /** the key's status changed */
  key: boolean
  /** the channel's status changed with it (its last key went, or a key came back) */
  channel: boolean
}

const unchanged: KeyStatusChange = { key: false, channel: false }

/**
 * A failing key of a multi-key channel is auto-disabled (status 3, with the reason and time in
 * channel_info); the channel is auto-disabled only when no enabled key is left. The key is found
 * by its value in the stored list, so a list edited meanwhile never gets the wrong key disabled.
 * Runs under the row lock: of several requests failing on one key, one disables it; of several
 * failing on the last keys, one disables the channel.
 */
export function autoDisableChannelKey(
  services: Services,
  channelId: number,
  key: string,
  reason: string,
  at: number
): Promise<KeyStatusChange> {
  return withKeyState(services, channelId, (state, info, keys) => {
    if (state.status !== ChannelStatus.enabled) return undefined
    const index = keys.indexOf(key)
    if (index < 0 || keyStatusOf(info, index) !== ChannelStatus.enabled) return undefined
    const next = setKeyStatus(info, index, ChannelStatus.autoDisabled, reason, at)
    return { info: next, ...channelStatusFor(state, next, keys.length, at) }
  })
}

/**
 * A key that passed a channel test comes back when it had been auto-disabled (never one disabled
 * by hand), and so does its channel when it had been auto-disabled.
 */
export function autoEnableChannelKey(
  services: Services,
  channelId: number,
  key: string,
  at: number
): Promise<KeyStatusChange> {
  return withKeyState(services, channelId, (state, info, keys) => {
    const index = keys.indexOf(key)
    if (index < 0 || keyStatusOf(info, index) !== ChannelStatus.autoDisabled) return undefined
    const next = setKeyStatus(info, index, ChannelStatus.enabled, '', at)
    return { info: next, ...channelStatusFor(state, next, keys.length, at) }
  })
}

/** A key's new status in a copy of the document: enabled keys have no entry, disabled ones a reason and time. */
export function setKeyStatus(
  info: ChannelInfoDoc,
  index: number,
  status: number,
  reason: string,
  at: number
): ChannelInfoDoc {
  const statuses = { ...info.multi_key_status_list }
  const reasons = { ...info.multi_key_disabled_reason }
  const times = { ...info.multi_key_disabled_time }
  const id = String(index)
  if (status === ChannelStatus.enabled) {
    delete statuses[id]
    delete reasons[id]
    delete times[id]
  } else {
    statuses[id] = status
    if (reason !== '' || status === ChannelStatus.autoDisabled) reasons[id] = reason
    times[id] = at
  }
  return {
    ...info,
    multi_key_status_list: statuses,
    multi_key_disabled_reason: reasons,
    multi_key_disabled_time: times,
  }
}

/**
 * The channel status that goes with a key list: auto-disabled (with the reason) when an enabled
 * channel has no enabled key left, enabled again when an auto-disabled one has a key back.
 * A channel disabled by hand stays so.
 */
export function channelStatusFor(
  state: Pick<ChannelKeyState, 'status' | 'other_info'>,
  info: ChannelInfoDoc,
  keyCount: number,
  at: number
): Pick<ChannelKeyChanges, 'status' | 'other_info'> {
  const anyEnabled = enabledKeyIndexes(info, keyCount).length > 0
  if (!anyEnabled && state.status === ChannelStatus.enabled)
    return { status: ChannelStatus.autoDisabled, other_info: withReason(state.other_info, ALL_KEYS_DISABLED, at) }
  if (anyEnabled && state.status === ChannelStatus.autoDisabled)
    return { status: ChannelStatus.enabled, other_info: withReason(state.other_info, '', at) }
  return {}
}

function withReason(otherInfo: string, reason: string, at: number): string {
  let info: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(otherInfo || '{}')
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) info = parsed as Record<string, unknown>
  } catch {
    info = {}
  }
  return JSON.stringify({ ...info, status_reason: reason, status_time: at })
}

type KeyStateUpdate = { info: ChannelInfoDoc; key?: string } & Pick<ChannelKeyChanges, 'status' | 'other_info'>

/**
 * Reads a multi-key channel's state under its row lock, lets `change` decide, and writes what it
 * returns (nothing when it returns undefined). Announces a change so every instance rebuilds its
 * routing table.
 */
async function withKeyState(
  services: Services,
  channelId: number,
  change: (state: ChannelKeyState, info: ChannelInfoDoc, keys: string[]) => KeyStateUpdate | undefined
): Promise<KeyStatusChange> {
  const result = await services.db.transaction().execute(async (trx) => {
    const state = await lockChannelKeyState(trx, services.dialect, channelId)
    if (!state) return unchanged
    const info = readChannelInfo(state.channel_info)
    if (!info.is_multi_key) return unchanged
    const update = change(state, info, splitChannelKeys(services.secrets.decrypt(state.key)))
    if (!update) return unchanged
    const { info: next, ...rest } = update
    await saveChannelKeyState(trx, channelId, { ...rest, channel_info: channelInfoText(next) })
    return { key: true, channel: rest.status !== undefined }
  })
  if (result.key) await services.changes.publish({ kind: 'channels' })
  return result
}
