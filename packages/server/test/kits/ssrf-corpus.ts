/*
 * Test-only SSRF bypass corpus (goal G8 of the security plan): every URL here must be refused under
 * the user policy, and the `metadata` ones under every policy. Names that are not special resolve,
 * through the tests' fake resolver, to the address in `corpusDns` (attacker-controlled DNS).
 */

export interface CorpusEntry {
  readonly url: string
  /** Aims at a cloud metadata endpoint: refused even for channels allowed on private networks. */
  readonly metadata: boolean
}

/** What the attacker's names resolve to in the corpus tests. */
export const corpusDns: Record<string, readonly string[]> = {
  'internal.test': ['127.0.0.1'],
  '127.0.0.1.nip.test': ['127.0.0.1'],
  'ten.test': ['10.0.0.1'],
  'v6-loopback.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'unspecified.test': ['0.0.0.0'],
  'both.test': ['8.8.8.8', '127.0.0.1'],
  'both-v6.test': ['2001:4860:4860::8888', '::1'],
  'meta.test': ['169.254.169.254'],
  'meta-v6.test': ['fd00:ec2::254'],
  'alibaba.test': ['100.100.100.200'],
  'nat64-meta.test': ['64:ff9b::a9fe:a9fe'],
}

/** Every spelling of an IPv4 address that some parser turns back into it. */
export function ipv4Spellings(address: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number)
  const whole = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d
  const hex = (n: number) => `0x${n.toString(16)}`
  const oct = (n: number) => `0${n.toString(8)}`
  const mappedHex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  return [
    address,
    `${address}.`,
    String(whole),
    hex(whole),
    `0x${whole.toString(16).padStart(8, '0').toUpperCase()}`,
    oct(whole),
    `${hex(a)}.${hex(b)}.${hex(c)}.${hex(d)}`,
    `${oct(a)}.${oct(b)}.${oct(c)}.${oct(d)}`,
    `${hex(a)}.${b}.${c}.${d}`,
    `${a}.${b}.${(c << 8) | d}`,
    `${a}.${(b << 16) | (c << 8) | d}`,
    `${hex(a)}.${hex((b << 16) | (c << 8) | d)}`,
    // Zero padding means octal to WHATWG, so only pad parts that read the same in both bases.
    [a, b, c, d].map((n) => (n < 8 ? String(n).padStart(3, '0') : String(n))).join('.'),
    [...address].map((ch) => (ch === '.' ? '.' : `%3${ch}`)).join(''),
    [...address].map((ch) => (ch === '.' ? '\uff0e' : String.fromCharCode(0xff10 + Number(ch)))).join(''),
    `[::ffff:${address}]`,
    `[::ffff:${mappedHex}]`,
    `[0:0:0:0:0:ffff:${address}]`,
    `[::${address}]`,
    `[::ffff:0:${address}]`,
    `[64:ff9b::${address}]`,
    `[64:ff9b::${mappedHex}]`,
    `[2002:${mappedHex}::1]`,
  ]
}

const ipv6Loopback = ['[::1]', '[0:0:0:0:0:0:0:1]', '[0000::1]', '[::0:1]', '[0::1]']
const otherInternal = [
  '0.0.0.0',
  '0',
  '0.0.0.1',
  '100.64.0.1',
  '100.127.255.254',
  '198.18.0.1',
  '198.19.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.0.1',
  '192.0.2.1',
  '198.51.100.1',
  '203.0.113.1',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '192.0.0.1',
  '[::]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '[fe80::1]',
  '[fec0::1]',
  '[ff02::1]',
  '[2001:db8::1]',
  '[100::1]',
  '[2001::1]',
  '[::ffff:0.0.0.0]',
  '[::ffff:10.0.0.1]',
]
const metadataHosts = [
  '169.254.170.2',
  '100.100.100.200',
  '168.63.129.16',
  '[fd00:ec2::254]',
  '[::ffff:100.100.100.200]',
  'metadata.google.internal',
  'METADATA.GOOGLE.INTERNAL.',
  'metadata.goog',
  'metadata',
  'Metadata.',
  'instance-data',
  'meta.test',
  'meta-v6.test',
  'alibaba.test',
  'nat64-meta.test',
]
const loopbackNames = [
  'localhost',
  'localhost.',
  'LOCALHOST',
  'LocalHost.',
  'api.localhost',
  '\u24db\u24de\u24d2\u24d0\u24db\u24d7\u24de\u24e2\u24e3',
]
const dnsNames = [
  'internal.test',
  '127.0.0.1.nip.test',
  'ten.test',
  'v6-loopback.test',
  'mapped.test',
  'unspecified.test',
  'both.test',
  'both-v6.test',
]

const tricks = (host: string) => [
  `http://${host}/`,
  `https://${host}/`,
  `http://${host}:80/`,
  `http://${host}:8080/latest`,
  `http://user@${host}/`,
  `http://evil.test@${host}/`,
  `http://${host}:80\\@evil.test/`,
]

/** The whole corpus, deduplicated. `listenerPort` adds variants aimed at the test's own listener. */
export function buildSsrfCorpus(listenerPort?: number): CorpusEntry[] {
  const entries = new Map<string, CorpusEntry>()
  const add = (url: string, metadata = false) =>
    entries.set(url, { url, metadata: metadata || (entries.get(url)?.metadata ?? false) })
  const withPort = (host: string) => (listenerPort === undefined ? [] : [`http://${host}:${listenerPort}/`])
  for (const host of ipv4Spellings('127.0.0.1'))
    for (const url of [`http://${host}/`, `https://${host}:8443/`, ...withPort(host)]) add(url)
  for (const host of ipv4Spellings('169.254.169.254'))
    for (const url of [`http://${host}/latest/meta-data/`, `http://${host}:8080/`]) add(url, true)
  for (const host of ipv4Spellings('10.0.0.1')) add(`http://${host}/`)
  for (const host of [...ipv6Loopback, ...loopbackNames, ...dnsNames, ...otherInternal])
    for (const url of [...tricks(host), ...withPort(host)]) add(url)
  for (const host of metadataHosts) for (const url of [...tricks(host), ...withPort(host)]) add(url, true)
  for (const url of [
    'http://evil.test#@127.0.0.1/',
    'http://evil.test?@127.0.0.1/',
    'http://127.0.0.1#@evil.test/',
    'http://169.254.169.254#@evil.test/',
    'http://a:b@169.254.169.254/',
    'http:/127.0.0.1/',
    'http:127.0.0.1/',
    'http:\\\\127.0.0.1\\',
    'http://127.0.0.1\t/',
    'HTTP://LOCALHOST/',
  ])
    add(url, url.includes('169.254'))
  for (const url of [
    'file:///etc/passwd',
    'file://localhost/etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'ftp://127.0.0.1/',
    'ftp://public.test/',
    'data:text/plain,hello',
    'javascript:alert(1)',
    'dict://127.0.0.1:11211/stat',
    'ldap://127.0.0.1/',
    'ws://public.test/',
    'wss://public.test/',
    'blob:http://public.test/0',
    'jar:http://public.test/a.jar!/',
    'view-source:http://public.test/',
    'not a url',
    '//127.0.0.1/',
    '',
  ])
    add(url)
  for (const port of [0, 21, 22, 25, 81, 445, 3306, 5432, 6379, 8000, 8081, 9200, 11211, 11434, 65535])
    add(`http://public.test:${port}/`)
  return [...entries.values()]
}
