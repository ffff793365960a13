import { createHash, createHmac } from 'node:crypto'

export interface AwsCredentials {
  accessKeyId: string
  secretAccessKey: string
  region: string
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** RFC 3986 encoding, as SigV4 wants each path segment and query part. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** `20150830T123600Z` */
export const amzDate = (date: Date) => date.toISOString().replace(/[:-]|\.\d{3}/g, '')

/**
 * AWS Signature Version 4 for one request: the headers to add (x-amz-date, x-amz-content-sha256
 * when asked, authorization). Every header passed in is signed.
 * @see https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
 */
export function signAwsRequest(
  request: { method: string; url: URL; headers: Record<string, string>; body: string },
  credentials: AwsCredentials,
  service: string,
  date: Date,
  options: { contentSha256Header?: boolean } = {}
): Record<string, string> {
  const stamp = amzDate(date)
  const day = stamp.slice(0, 8)
  const payloadHash = sha256(request.body)
  const headers: Record<string, string> = {
    ...lowerCased(request.headers),
    host: request.url.host,
    'x-amz-date': stamp,
  }
  if (options.contentSha256Header) headers['x-amz-content-sha256'] = payloadHash
  const names = Object.keys(headers).sort()
  const canonicalHeaders = names
    .map((name) => `${name}:${String(headers[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('')
  const signedHeaders = names.join(';')
  // Every service but S3 signs the path URI-encoded twice: the already-encoded path, encoded again.
  const path =
    request.url.pathname
      .split('/')
      .map((segment) => encode(segment))
      .join('/') || '/'
  const query = [...request.url.searchParams.entries()]
    .map(([key, value]) => [encode(key), encode(value)])
    .sort(([a], [b]) => (a as string).localeCompare(b as string))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  const canonicalRequest = [request.method, path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n')
  const scope = `${day}/${credentials.region}/${service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonicalRequest)].join('\n')
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), service),
    'aws4_request'
  )
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex')
  const out: Record<string, string> = {
    'x-amz-date': stamp,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  }
  if (options.contentSha256Header) out['x-amz-content-sha256'] = payloadHash
  return out
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
}
