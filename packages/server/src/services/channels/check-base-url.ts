import { AppError } from '../../errors/app-error.ts'
import { policyFor } from '../../lib/outbound/address-policy.ts'
import { OutboundBlockedError } from '../../lib/outbound/outbound-errors.ts'
import { checkOutboundUrl } from '../../lib/outbound/url-check.ts'
import type { OptionStore } from '../options/option-store.ts'

/**
 * Refuses, at save time, a channel base URL the relay would never be allowed to call (a metadata
 * address, a private one when private networks are off, a port outside the channel policy). The
 * relay checks again at connect time, after DNS, so this is early feedback, not the guard itself.
 */
export function checkChannelBaseUrl(options: OptionStore, baseUrl: string | undefined): void {
  if (!baseUrl) return
  try {
    // {model} (custom channels) is not part of the address.
    checkOutboundUrl(baseUrl.replaceAll('{model}', 'model'), policyFor(options, 'channel'))
  } catch (error) {
    if (error instanceof OutboundBlockedError) throw new AppError('BAD_REQUEST', 'channel.base_url_blocked')
    throw error
  }
}
