import { ChannelStatus, ChannelType } from '@gateway/shared'
import { setChannelStatus } from '../db/queries/channel-status.ts'
import { nowSeconds } from '../lib/time.ts'
import { metricsOf } from '../metrics/gateway-metrics.ts'
import { ALL_KEYS_DISABLED, autoDisableChannelKey } from '../services/channels/channel-key-status.ts'
import type { Services } from '../services/container.ts'
import type { RelayChannel } from './cache/channel-cache.ts'
import type { RelayError } from './relay-error.ts'

const DISABLING_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active'])
const DISABLING_TYPES = new Set([
  'insufficient_quota',
  'insufficient_user_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
])

/**
 * Whether an upstream failure means the channel itself is broken (bad key, no credit, banned
 * account) rather than this one request: 401, 403 from Gemini, the reference's error codes and
 * types, or a message containing one of AutomaticDisableKeywords (case-insensitive).
 */
export function isChannelFatal(error: RelayError, channelType: number, keywords: string): boolean {
  if (error.local) return false
  const upstreamStatus = Number(error.params.upstreamStatus ?? error.status)
  if (upstreamStatus === 401) return true
  if (upstreamStatus === 403 && channelType === ChannelType.gemini) return true
  if (DISABLING_CODES.has(error.code)) return true
  if (DISABLING_TYPES.has(String(error.params.upstreamType ?? ''))) return true
  const message = error.message.toLowerCase()
  return keywords
    .split('\n')
    .map((k) => k.trim().toLowerCase())
    .some((keyword) => keyword !== '' && message.includes(keyword))
}

/**
 * Auto-disables a channel (status 3, with the reason and time) when the option allows it, the
 * channel has auto_ban on, and the failure is fatal for the channel. On a multi-key channel the
 * failing key is what is broken: that key is auto-disabled, and the channel only with its last
 * enabled key. Fire and forget: the request that failed does not wait for it.
 */
export async function handleChannelFailure(
  services: Services,
  channel: RelayChannel,
  error: RelayError
): Promise<void> {
  if (!services.options.bool('AutomaticDisableChannelEnabled') || !channel.autoBan) return
  if (!isChannelFatal(error, channel.type, services.options.get('AutomaticDisableKeywords'))) return
  const reason = error.message.slice(0, 500)
  if (channel.multiKey && channel.keyIndex !== undefined) {
    const changed = await autoDisableChannelKey(services, channel.id, channel.key, reason, nowSeconds())
    if (changed.key) metricsOf(services).autoDisabled(channel.id, 'key')
    if (changed.channel) metricsOf(services).autoDisabled(channel.id, 'channel')
    if (changed.key)
      services.logger.warn(
        { channel: channel.id, name: channel.name, keyIndex: channel.keyIndex, reason: reason.slice(0, 200) },
        'channel key auto-disabled'
      )
    if (changed.channel)
      services.logger.warn(
        { channel: channel.id, name: channel.name, reason: ALL_KEYS_DISABLED },
        'channel auto-disabled'
      )
    return
  }
  const changed = await setChannelStatus(services.db, channel.id, ChannelStatus.autoDisabled, reason, nowSeconds(), [
    ChannelStatus.enabled,
  ])
  if (changed) {
    metricsOf(services).autoDisabled(channel.id, 'channel')
    services.logger.warn(
      { channel: channel.id, name: channel.name, reason: error.message.slice(0, 200) },
      'channel auto-disabled'
    )
    await services.changes.publish({ kind: 'channels' })
  }
}
