import { XUNFEI_DEFAULT_VERSION } from '@gateway/shared'
import type { Endpoint, ProviderAdapter } from '../types.ts'
import { XUNFEI_DOMAINS } from './convert-to-xunfei-request.ts'
import type { XunfeiRequest } from './xunfei-api.ts'
import { parseXunfeiKey, signXunfeiUrl } from './xunfei-auth.ts'

/** The channel's API version (its `other` field), v2.1 when empty as the console sets it. */
export const xunfeiVersion = (other: string) => other.trim() || XUNFEI_DEFAULT_VERSION

/**
 * iFlytek Spark (channel type 18): chat over a WebSocket per request, at
 * wss://spark-api.xf-yun.com/{version}/chat with the URL signed from the `APPID|APISecret|APIKey`
 * key. The base URL, when set, replaces the host (tests point it at a local server).
 */
export const xunfeiAdapter: ProviderAdapter = {
  id: 'xunfei',
  protocol: 'xunfei',
  transport: 'websocket',
  endpoints: new Set<Endpoint>(['chat']),
  passthrough: false,
  supportsStreamOptions: false,
  buildUrl(channel) {
    const credentials = parseXunfeiKey(channel.key)
    if (!credentials) throw new Error('the Xunfei channel key must be APPID|APISecret|APIKey')
    const base = (channel.baseUrl || 'wss://spark-api.xf-yun.com').replace(/\/+$/, '').replace(/^http/, 'ws')
    return signXunfeiUrl(new URL(`${base}/${xunfeiVersion(channel.other)}/chat`), credentials, new Date())
  },
  buildHeaders(): Record<string, string> {
    return {}
  },
  adaptBody(body, _endpoint, channel) {
    const request = body as unknown as XunfeiRequest
    request.header.app_id = parseXunfeiKey(channel.key)?.appId ?? ''
    request.parameter.chat.domain = XUNFEI_DOMAINS[xunfeiVersion(channel.other)] ?? 'generalv3.5'
    return body
  },
}
