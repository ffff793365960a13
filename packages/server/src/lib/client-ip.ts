import { BlockList, isIP } from 'node:net'

/**
 * Decides which address a request came from. X-Forwarded-For is believed only when the direct
 * peer is a configured trusted proxy; otherwise anyone could pick their own rate-limit key.
 */
export function createClientIpResolver(trustedProxies: string) {
  const { trusted, any } = parseTrustedProxies(trustedProxies)
  return (peer: string | undefined, forwardedFor: string | undefined): string => {
    const direct = normalize(peer ?? '')
    if (!any || !forwardedFor || !isTrusted(trusted, direct)) return direct
    // Walk from the nearest hop back, skipping our own proxies; the first untrusted hop is the client.
    const hops = forwardedFor
      .split(',')
      .map((h) => normalize(h.trim()))
      .filter((h) => isIP(h) !== 0)
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as string
      if (!isTrusted(trusted, hop)) return hop
    }
    return hops[0] ?? direct
  }
}

/**
 * Whether a direct peer is one of the configured trusted proxies: only then may the forwarded
 * headers it adds (X-Forwarded-Proto, X-Forwarded-Host) stand for the request as the browser made it.
 */
export function createTrustedProxyCheck(trustedProxies: string): (peer: string | undefined) => boolean {
  const { trusted, any } = parseTrustedProxies(trustedProxies)
  return (peer) => any && isTrusted(trusted, normalize(peer ?? ''))
}

function parseTrustedProxies(trustedProxies: string): { trusted: BlockList; any: boolean } {
  const trusted = new BlockList()
  let any = false
  for (const entry of trustedProxies
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (isIP(address) === 0) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP or CIDR`)
    if (prefix === undefined) trusted.addAddress(address, family)
    else trusted.addSubnet(address, Number(prefix), family)
    any = true
  }
  return { trusted, any }
}

function normalize(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4')
}
