import type { OptionStore } from '../options/option-store.ts'

/**
 * The CSP `form-action` source the console needs to post the signed EPay form to the gateway:
 * the origin of PayAddress, or '' when none is set. The console's policy is otherwise
 * `form-action 'self'`, which would stop the browser from leaving for the payment page.
 * URL.origin never holds a space or ';', so the value cannot add a directive.
 */
export function paymentFormOrigin(options: OptionStore): string {
  const address = options.get('PayAddress')
  if (!address) return ''
  try {
    const url = new URL(address)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : ''
  } catch {
    return ''
  }
}
