import { AppError } from '../../errors/app-error.ts'
import { channelPolicy } from '../../lib/outbound/address-policy.ts'
import { OutboundBlockedError } from '../../lib/outbound/outbound-errors.ts'
import { checkOutboundUrl } from '../../lib/outbound/url-check.ts'
import type { OptionStore } from '../options/option-store.ts'

/**
 * Only the root decides that a channel may reach private networks: a body from anyone else never
 * sets the flag, and an admin who moves a channel the root allowed to another address takes the
 * allowance away with it (the new address was never the root's decision).
 */
export function applyPrivateNetworkRule(
  changes: { private_network?: number; base_url?: string },
  byRoot: boolean,
  current?: { private_network: number; base_url: string }
): void {
  if (byRoot) return
  delete changes.private_network
  if (current?.private_network === 1 && changes.base_url !== undefined && changes.base_url !== current.base_url)
    changes.private_network = 0
}

/**
 * Refuses, at save time, a channel base URL the relay would never be allowed to call (a metadata
 * address, a private one when private networks are off, a port outside the channel policy). The
 * relay checks again at connect time, after DNS, so this is early feedback, not the guard itself.
 */
export function checkChannelBaseUrl(options: OptionStore, baseUrl: string | undefined, privateNetwork: boolean): void {
  if (!baseUrl) return
  try {
    // {model} (custom channels) is not part of the address.
    checkOutboundUrl(baseUrl.replaceAll('{model}', 'model'), channelPolicy(options, privateNetwork))
  } catch (error) {
    if (error instanceof OutboundBlockedError) throw new AppError('BAD_REQUEST', 'channel.base_url_blocked')
    throw error
  }
}
