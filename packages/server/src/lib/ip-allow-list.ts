import { BlockList, isIP } from 'node:net'

/**
 * A token's IP allow list: one IP or CIDR per line (commas also accepted). Returns undefined for
 * an empty list (no restriction) and throws on an entry that is neither.
 */
export function parseIpAllowList(text: string): BlockList | undefined {
  const entries = text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean)
  if (entries.length === 0) return undefined
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const version = isIP(address)
    if (version === 0) throw new Error(`not an IP or CIDR: ${entry}`)
    const family = version === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, family)
    else {
      const bits = Number(prefix)
      if (!Number.isInteger(bits) || bits < 0 || bits > (version === 6 ? 128 : 32)) throw new Error(`bad prefix: ${entry}`)
      list.addSubnet(address, bits, family)
    }
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
