import { isIP } from 'node:net'

/**
 * Turns an IP literal into its bytes (4 for IPv4, 16 for IPv6), or undefined when the text is not
 * a plain dotted-quad or RFC 4291 literal. Classification works on bytes rather than text so that
 * every spelling of one address (`::ffff:127.0.0.1`, `::ffff:7f00:1`, `0:0::1`) lands in the same
 * range. Legacy forms such as `0x7f.1` are not IPs here: the WHATWG URL parser has already turned
 * them into dotted quads, and anything that still reaches DNS is judged by what it resolves to.
 */
export function parseIpBytes(text: string): Uint8Array | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  // A zone id (`fe80::1%eth0`) only picks the interface; the address is what gets classified.
  const address = bare.includes('%') ? bare.slice(0, bare.indexOf('%')) : bare
  const family = isIP(address)
  if (family === 4) return parseIpv4(address)
  if (family === 6) return parseIpv6(address)
  return undefined
}

function parseIpv4(address: string): Uint8Array {
  return Uint8Array.from(address.split('.').map(Number))
}

function parseIpv6(address: string): Uint8Array | undefined {
  let text = address
  const words: number[] = []
  // A trailing dotted quad (`::ffff:127.0.0.1`) stands for the last two 16-bit groups.
  const lastColon = text.lastIndexOf(':')
  const tail = text.slice(lastColon + 1)
  const embedded = tail.includes('.') ? parseIpv4(tail) : undefined
  if (embedded)
    text = `${text.slice(0, lastColon + 1)}${hex16(embedded[0]!, embedded[1]!)}:${hex16(embedded[2]!, embedded[3]!)}`
  const [head = '', rest] = text.split('::')
  const headWords = head === '' ? [] : head.split(':').map((w) => parseInt(w, 16))
  const restWords = rest === undefined || rest === '' ? [] : rest.split(':').map((w) => parseInt(w, 16))
  const missing = 8 - headWords.length - restWords.length
  if (rest === undefined ? missing !== 0 : missing < 0) return undefined
  words.push(...headWords, ...new Array<number>(missing).fill(0), ...restWords)
  const bytes = new Uint8Array(16)
  words.forEach((word, i) => {
    bytes[i * 2] = word >> 8
    bytes[i * 2 + 1] = word & 0xff
  })
  return bytes
}

function hex16(high: number, low: number): string {
  return ((high << 8) | low).toString(16)
}
