import { describe, expect, it } from 'vitest'
import { signAwsRequest } from './aws-sigv4.ts'

/** The "get-vanilla" and "post-vanilla" cases of AWS's SigV4 test suite. */
const credentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
}
const date = new Date('2015-08-30T12:36:00Z')

describe('signAwsRequest', () => {
  it('matches get-vanilla', () => {
    const signed = signAwsRequest(
      { method: 'GET', url: new URL('https://example.amazonaws.com/'), headers: {}, body: '' },
      credentials,
      'service',
      date
    )
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31'
    )
    expect(signed['x-amz-date']).toBe('20150830T123600Z')
  })

  it('matches post-vanilla', () => {
    const signed = signAwsRequest(
      { method: 'POST', url: new URL('https://example.amazonaws.com/'), headers: {}, body: '' },
      credentials,
      'service',
      date
    )
    expect(signed.authorization).toContain('Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b')
  })
})
