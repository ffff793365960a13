import { BlockList, isIP } from 'node:net'

export interface IpRange {
  address: string
  family: 'ipv4' | 'ipv6'
  /** undefined for a single address */
  prefix?: number
}

/** One allow-list entry: an IPv4 or IPv6 address, or a CIDR range of either; undefined if it is neither. */
export function parseIpRange(entry: string): IpRange | undefined {
  const [address = '', prefixText, extra] = entry.split('/')
  if (extra !== undefined) return undefined
  const version = isIP(address)
  if (version === 0) return undefined
  const family = version === 4 ? 'ipv4' : 'ipv6'
  if (prefixText === undefined) return { address, family }
  // "1.2.3.4/" must not read as /0, which would allow every address.
  if (!/^\d{1,3}$/.test(prefixText)) return undefined
  const prefix = Number(prefixText)
  return prefix <= (version === 4 ? 32 : 128) ? { address, family, prefix } : undefined
}

/** The entries of an allow list: one per line (commas also separate). */
export const allowListEntries = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean)

/**
 * A token's IP allow list as a matcher. Returns undefined for an empty list (no restriction) and
 * throws on an entry that is not an IP or CIDR.
 */
export function parseIpAllowList(text: string): BlockList | undefined {
  const entries = allowListEntries(text)
  if (entries.length === 0) return undefined
  const list = new BlockList()
  for (const entry of entries) {
    const range = parseIpRange(entry)
    if (!range) throw new Error(`not an IP or CIDR: ${entry}`)
    if (range.prefix === undefined) list.addAddress(range.address, range.family)
    else list.addSubnet(range.address, range.prefix, range.family)
  }
  return list
}

export function isIpAllowed(list: BlockList | undefined, ip: string): boolean {
  if (!list) return true
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip
  const version = isIP(address)
  if (version === 0) return false
  return list.check(address, version === 6 ? 'ipv6' : 'ipv4')
}
