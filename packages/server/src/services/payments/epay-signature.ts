import { createHash } from 'node:crypto'
import { safeEqual } from '../../lib/crypto.ts'

/**
 * The EPay (易支付) signature: every parameter except `sign` and `sign_type` and except empty
 * values, sorted by name, joined as `k=v&k=v`, the merchant key appended, MD5 in lower-case hex.
 *
 * MD5 is forced by the protocol (an accepted exception to ASVS 11.4.1). What keeps a forged
 * notification from crediting anyway is that the key never leaves the server, the comparison is
 * constant-time, and the settlement also requires the merchant id and the exact recorded amount.
 */
export function epaySign(params: Readonly<Record<string, string>>, key: string): string {
  const payload = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name] !== '' && params[name] !== undefined)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&')
  return createHash('md5')
    .update(payload + key, 'utf8')
    .digest('hex')
}

/** True when `params.sign` is the signature of the other parameters under `key`. An empty key never verifies. */
export function verifyEpaySignature(params: Readonly<Record<string, string>>, key: string): boolean {
  const given = params.sign
  if (!key || typeof given !== 'string' || given === '') return false
  return safeEqual(epaySign(params, key), given.toLowerCase())
}
