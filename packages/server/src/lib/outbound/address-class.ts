import { parseIpBytes } from './ip-bytes.ts'

/** What an address is for; only `public` is reachable under the default user policy. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'benchmark'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'metadata'

/**
 * Cloud instance-metadata endpoints. They hand out credentials to whoever asks from the host, which
 * is why they stay refused even when an admin lets channels reach private networks (the Bedrock
 * read-back of GHSA-v5c3-6wvc-pc2q). 168.63.129.16 is Azure's WireServer: a public-looking address
 * that only answers from inside Azure.
 */
const metadataAddresses = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16', 'fd00:ec2::254']
const metadataHostnames = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data'])

/**
 * Special-purpose ranges (IANA IPv4/IPv6 special-purpose registries, RFC 6890). The longest match
 * wins, so a /32 inside a /4 takes precedence. IPv6 outside 2000::/3 is `reserved` by default.
 * @see https://www.iana.org/assignments/iana-ipv4-special-registry/
 * @see https://www.iana.org/assignments/iana-ipv6-special-registry/
 */
const rangeTable: readonly (readonly [string, AddressClass])[] = [
  ['0.0.0.0/8', 'unspecified'], // reaches this host on Linux (GHSA-v5c3-6wvc-pc2q)
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments (DS-Lite, NAT64 discovery)
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmark'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['255.255.255.255/32', 'broadcast'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'reserved'], // local-use NAT64: the embedding is site-specific
  ['100::/64', 'reserved'], // discard-only
  ['2001::/23', 'reserved'], // IETF protocol assignments, Teredo (2001::/32) included
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'reserved'], // SRv6 SIDs
  ['fc00::/7', 'private'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // deprecated site-local
  ['ff00::/8', 'multicast'],
]

const ranges = rangeTable.map(([cidr, kind]) => {
  const [address = '', bits = ''] = cidr.split('/')
  return { bytes: parseIpBytes(address) as Uint8Array, bits: Number(bits), kind }
})
const metadataKeys = new Set(metadataAddresses.map((a) => (parseIpBytes(a) as Uint8Array).join('.')))

/** Classifies an IP literal (brackets and zone ids allowed); undefined when the text is not an IP. */
export function classifyAddress(address: string): AddressClass | undefined {
  const bytes = parseIpBytes(address)
  return bytes && classifyBytes(bytes)
}

function classifyBytes(bytes: Uint8Array): AddressClass {
  const embedded = bytes.length === 16 ? embeddedIpv4(bytes) : undefined
  if (embedded) return classifyBytes(embedded)
  if (metadataKeys.has(bytes.join('.'))) return 'metadata'
  let best: { bits: number; kind: AddressClass } | undefined
  for (const range of ranges) {
    if (
      range.bytes.length === bytes.length &&
      matches(bytes, range.bytes, range.bits) &&
      range.bits >= (best?.bits ?? -1)
    )
      best = range
  }
  if (best) return best.kind
  return bytes.length === 4 || (bytes[0]! & 0xe0) === 0x20 ? 'public' : 'reserved'
}

/**
 * The IPv4 address an IPv6 address stands for, where the kernel or a translator would really send
 * the packet to it: IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), deprecated
 * IPv4-compatible (::/96 other than :: and ::1), NAT64 (64:ff9b::/96, RFC 6052) and 6to4
 * (2002::/16, RFC 3056). Without this `[::ffff:127.0.0.1]` would pass as "IPv6, not loopback".
 */
function embeddedIpv4(bytes: Uint8Array): Uint8Array | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0)
  const isMapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff
  const isTranslated = zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)
  const isCompat = zeros(0, 12) && !zeros(12, 15)
  const isNat64 = bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)
  if (isMapped || isTranslated || isCompat || isNat64) return bytes.slice(12, 16)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6)
  return undefined
}

function matches(bytes: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i)
    const mask = (0xff << (8 - take)) & 0xff
    if (((bytes[i / 8]! ^ prefix[i / 8]!) & mask) !== 0) return false
  }
  return true
}

/**
 * Lower-cases a host and drops brackets and trailing dots: `LOCALHOST.` and `localhost` are one
 * name to the resolver, so they must be one name to the guard.
 */
export function normalizeHostname(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  return bare.toLowerCase().replace(/\.+$/, '')
}

/**
 * What a host can be judged as before any DNS lookup: IP literals by their range, metadata names as
 * `metadata`, `localhost` and `*.localhost` as `loopback` (RFC 6761: they never leave the machine).
 * Undefined means "an ordinary name; judge the addresses it resolves to".
 */
export function classifyHostname(host: string): AddressClass | undefined {
  const name = normalizeHostname(host)
  const literal = classifyAddress(name)
  if (literal) return literal
  if (metadataHostnames.has(name)) return 'metadata'
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback'
  return undefined
}
