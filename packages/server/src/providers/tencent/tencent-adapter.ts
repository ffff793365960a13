import type { ChannelTarget, Endpoint, ProviderAdapter } from '../types.ts'
import { HUNYUAN_ACTION, HUNYUAN_HOST, HUNYUAN_SERVICE, HUNYUAN_VERSION } from './hunyuan-api.ts'
import { signTc3, type TencentCredentials } from './tc3-signature.ts'

/**
 * The channel key `AppId|SecretId|SecretKey` (the reference's shape; API 3.0 does not use the
 * AppId, so `SecretId|SecretKey` is taken too). Undefined when it has another shape.
 */
export function parseTencentKey(key: string): TencentCredentials | undefined {
  const parts = key
    .trim()
    .split('|')
    .map((part) => part.trim())
  if (parts.length !== 2 && parts.length !== 3) return undefined
  const [secretId, secretKey] = parts.slice(-2)
  return secretId && secretKey ? { secretId, secretKey } : undefined
}

function credentialsOf(channel: ChannelTarget): TencentCredentials {
  const credentials = parseTencentKey(channel.key)
  if (!credentials) throw new Error('the Tencent channel key must be AppId|SecretId|SecretKey')
  return credentials
}

/** The Content-Type the request is signed with; signRequest sets it so the two always agree. */
const CONTENT_TYPE = 'application/json'

/**
 * Tencent Hunyuan (channel type 23): ChatCompletions of Tencent Cloud API 3.0, POSTed to `/` of
 * https://hunyuan.tencentcloudapi.com (or the channel's base URL) with the action and version in
 * X-TC-* headers and a TC3-HMAC-SHA256 signature over the body and timestamp. The channel's
 * `other`, when set, is sent as X-TC-Region (Hunyuan does not require one). OpenAI chat clients
 * are converted to and from it (tencent-bridges.ts).
 * @see https://cloud.tencent.com/document/api/1729/105701
 */
export const tencentAdapter: ProviderAdapter = {
  id: 'tencent',
  protocol: 'tencent',
  endpoints: new Set<Endpoint>(['chat']),
  passthrough: false,
  supportsStreamOptions: false,
  buildUrl(channel) {
    // A key of the wrong shape fails here, where the relay turns it into "misconfigured channel".
    credentialsOf(channel)
    return new URL(`${(channel.baseUrl || HUNYUAN_HOST).replace(/\/+$/, '')}/`)
  },
  buildHeaders(): Record<string, string> {
    return {}
  },
  signRequest(request, channel, now) {
    const timestamp = Math.floor(now.getTime() / 1000)
    const { authorization } = signTc3(
      {
        host: request.url.host,
        path: request.url.pathname,
        query: request.url.search.slice(1),
        contentType: CONTENT_TYPE,
        body: request.body,
        service: HUNYUAN_SERVICE,
        timestamp,
      },
      credentialsOf(channel)
    )
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPE,
      authorization,
      'x-tc-action': HUNYUAN_ACTION,
      'x-tc-version': HUNYUAN_VERSION,
      'x-tc-timestamp': String(timestamp),
    }
    const region = channel.other.trim()
    if (region) headers['x-tc-region'] = region
    return headers
  },
}
