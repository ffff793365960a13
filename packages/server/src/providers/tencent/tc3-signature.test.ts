import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signTc3 } from './tc3-signature.ts'

/**
 * The worked example of Tencent Cloud's "Signature v3" page (DescribeInstances on CVM, 2019-02-25):
 * the credentials are the page's own, masked with asterisks exactly as published, and the
 * signature below is the one the page prints for them.
 */
const example = {
  host: 'cvm.tencentcloudapi.com',
  path: '/',
  query: '',
  contentType: 'application/json; charset=utf-8',
  body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  service: 'cvm',
  timestamp: 1551113065,
}
const credentials = { secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******', secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******' }

describe('signTc3', () => {
  it('reproduces the documented canonical request, string to sign, signature and Authorization', () => {
    const signed = signTc3(example, credentials)
    expect(signed.canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064'
    )
    expect(signed.stringToSign).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031'
    )
    expect(signed.signature).toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c')
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c'
    )
  })

  it('takes the credential date from the UTC day of the timestamp and signs the port of a non-default host', () => {
    // 2024-05-31T23:59:59Z and one second later fall on different credential days.
    const before = signTc3(
      { ...example, service: 'hunyuan', host: '127.0.0.1:8080', timestamp: 1717199999 },
      credentials
    )
    const after = signTc3(
      { ...example, service: 'hunyuan', host: '127.0.0.1:8080', timestamp: 1717200000 },
      credentials
    )
    expect(before.authorization).toContain('/2024-05-31/hunyuan/tc3_request')
    expect(after.authorization).toContain('/2024-06-01/hunyuan/tc3_request')
    expect(before.canonicalRequest).toContain('\nhost:127.0.0.1:8080\n')
    // Recomputed by hand from the spec's three steps, independently of the signer.
    const signingKey = ['2024-06-01', 'hunyuan', 'tc3_request'].reduce<Buffer | string>(
      (key, part) => createHmac('sha256', key).update(part).digest(),
      `TC3${credentials.secretKey}`
    )
    const stringToSign = `TC3-HMAC-SHA256\n1717200000\n2024-06-01/hunyuan/tc3_request\n${createHash('sha256').update(after.canonicalRequest).digest('hex')}`
    expect(after.stringToSign).toBe(stringToSign)
    expect(after.signature).toBe(createHmac('sha256', signingKey).update(stringToSign).digest('hex'))
  })

  it('changes with the body, so a tampered body fails verification', () => {
    expect(signTc3({ ...example, body: '{}' }, credentials).signature).not.toBe(signTc3(example, credentials).signature)
  })
})
