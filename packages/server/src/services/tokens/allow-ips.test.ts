import { describe, expect, it } from 'vitest'
import { parseIpRange } from '../../lib/ip-allow-list.ts'
import { assertAllowIps } from './allow-ips.ts'

describe('token IP allow-lists', () => {
  it('parse addresses and CIDR ranges of both families and nothing else', () => {
    expect(parseIpRange('192.168.0.1')).toEqual({ address: '192.168.0.1', family: 'ipv4' })
    expect(parseIpRange('10.0.0.0/8')).toEqual({ address: '10.0.0.0', family: 'ipv4', prefix: 8 })
    expect(parseIpRange('2001:db8::/128')).toEqual({ address: '2001:db8::', family: 'ipv6', prefix: 128 })
    for (const bad of [
      '',
      'host.example',
      '1.2.3',
      '1.2.3.4/',
      '1.2.3.4/33',
      '::/129',
      '1.2.3.4/8/8',
      '1.2.3.4/-1',
      '1.2.3.4/ 8',
    ]) {
      expect(parseIpRange(bad), bad).toBeUndefined()
    }
  })

  it('name the first bad entry of a list', () => {
    expect(() => assertAllowIps('1.1.1.1\n\n::1\n10.0.0.0/8')).not.toThrow()
    expect(() => assertAllowIps('1.1.1.1\n1.2.3.4/')).toThrow(
      expect.objectContaining({ messageKey: 'token.allow_ip_invalid', params: { ip: '1.2.3.4/' } })
    )
  })
})
