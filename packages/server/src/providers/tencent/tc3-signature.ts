import { createHash, createHmac } from 'node:crypto'

export interface TencentCredentials {
  secretId: string
  secretKey: string
}

export interface Tc3Request {
  /** the host the request goes to, as the Host header carries it (with a port when not the default) */
  host: string
  /** the path, `/` for API 3.0 */
  path: string
  /** the query string without `?`, empty for POST */
  query: string
  /** the Content-Type header as sent */
  contentType: string
  body: string
  /** the product: hunyuan, cvm, ... */
  service: string
  /** seconds since the epoch; the credential date is its UTC day */
  timestamp: number
}

export interface Tc3Signature {
  canonicalRequest: string
  stringToSign: string
  signature: string
  /** the Authorization header */
  authorization: string
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest()

/** `2019-02-25`: the UTC date of a timestamp, as the credential scope wants it. */
export const tc3Date = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10)

/**
 * Tencent Cloud's TC3-HMAC-SHA256 signature of one POST request, signing content-type and host
 * (the two headers Tencent requires; their names and values lower-cased and trimmed, as the
 * spec says). Pure: the time is an argument, so the documented example can be reproduced.
 * @see https://cloud.tencent.com/document/api/1729/101843
 */
export function signTc3(request: Tc3Request, credentials: TencentCredentials): Tc3Signature {
  const signedHeaders = 'content-type;host'
  const canonicalHeaders = `content-type:${request.contentType.trim().toLowerCase()}\nhost:${request.host.trim().toLowerCase()}\n`
  const canonicalRequest = [
    'POST',
    request.path || '/',
    request.query,
    canonicalHeaders,
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n')
  const date = tc3Date(request.timestamp)
  const scope = `${date}/${request.service}/tc3_request`
  const stringToSign = ['TC3-HMAC-SHA256', String(request.timestamp), scope, sha256Hex(canonicalRequest)].join('\n')
  const signingKey = hmac(hmac(hmac(`TC3${credentials.secretKey}`, date), request.service), 'tc3_request')
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex')
  const authorization = `TC3-HMAC-SHA256 Credential=${credentials.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
  return { canonicalRequest, stringToSign, signature, authorization }
}
