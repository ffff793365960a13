import { classifyHostname } from './address-class.ts'
import { isAddressClassAllowed, isPortAllowed, type OutboundPolicy } from './address-policy.ts'
import { OutboundBlockedError } from './outbound-errors.ts'

/**
 * Checks a URL before anything is sent to it and returns it parsed; throws `OutboundBlockedError`.
 *
 * Parsing is WHATWG `URL`, the same parser undici uses to connect, so the host judged here is the
 * host dialled: numeric tricks (`2130706433`, `0x7f.1`, `017700000001`, `127.1`) are already dotted
 * quads, `\` is a path separator and `#@` starts a fragment. IP literals and special names
 * (`localhost`, metadata names) are judged at once; other names are judged by the guarded
 * dispatcher on the addresses they resolve to at connect time, which is what defeats DNS rebinding.
 * Call this on every redirect hop too, never only on the first URL (CVE-2025-62155).
 */
export function checkOutboundUrl(url: string | URL, policy: OutboundPolicy): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new OutboundBlockedError('INVALID_URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new OutboundBlockedError('SCHEME_NOT_ALLOWED')
  if (parsed.username !== '' || parsed.password !== '') throw new OutboundBlockedError('USERINFO_NOT_ALLOWED')
  checkHostAndPort(parsed.hostname, effectivePort(parsed.protocol, parsed.port), policy)
  return parsed
}

/**
 * Whether a URL names a loopback or private address by itself (an IP literal, `localhost`), the
 * kind of target whose error answers are not shown to admins or users: they may come from an
 * internal service rather than a model API. Names that only resolve to such addresses are not seen here.
 */
export function namesPrivateAddress(url: string): boolean {
  let hostname: string
  try {
    hostname = new URL(url).hostname
  } catch {
    return false
  }
  const addressClass = classifyHostname(hostname)
  return addressClass !== undefined && addressClass !== 'public'
}

/**
 * The checks that need no DNS, shared by the URL check and the dispatcher's connector (which also
 * guards callers that hand it a URL without calling `checkOutboundUrl`).
 */
export function checkHostAndPort(hostname: string, port: number, policy: OutboundPolicy): void {
  if (!isPortAllowed(port, policy)) throw new OutboundBlockedError('PORT_NOT_ALLOWED')
  if (hostname === '' || hostname.startsWith('.')) throw new OutboundBlockedError('INVALID_URL')
  const addressClass = classifyHostname(hostname)
  if (addressClass !== undefined && !isAddressClassAllowed(addressClass, policy)) {
    throw new OutboundBlockedError('ADDRESS_NOT_ALLOWED')
  }
}

/** The port a URL really connects to; `URL.port` is '' for the scheme's default. */
export function effectivePort(protocol: string, port: string): number {
  if (port !== '') return Number(port)
  return protocol === 'https:' ? 443 : 80
}
