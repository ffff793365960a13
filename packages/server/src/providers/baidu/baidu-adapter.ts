import type { ChannelTarget, ProviderAdapter } from '../types.ts'
import { baiduChatEndpoint } from './baidu-endpoints.ts'

export const BAIDU_DEFAULT_BASE_URL = 'https://aip.baidubce.com'

/** The channel's base URL, where both the token endpoint and the chat API live. */
export const baiduBaseUrl = (channel: Pick<ChannelTarget, 'baseUrl'>) =>
  (channel.baseUrl || BAIDU_DEFAULT_BASE_URL).replace(/\/+$/, '')

/** The channel key `APIKey|SecretKey`, or undefined when it is not one. */
export function parseBaiduKey(key: string): { apiKey: string; secretKey: string } | undefined {
  const [apiKey, secretKey, ...rest] = key.split('|').map((part) => part.trim())
  if (!apiKey || !secretKey || rest.length > 0) return undefined
  return { apiKey, secretKey }
}

/**
 * Baidu Qianfan ERNIE (channel type 15), the v1 API: the key `APIKey|SecretKey` is traded for an
 * access token (relay/credentials/baidu-access-tokens.ts) that goes in the query string; each
 * model has its own chat endpoint. OpenAI chat clients are converted to and from it.
 * @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/jlil56u11
 */
export const baiduAdapter: ProviderAdapter = {
  id: 'baidu',
  protocol: 'baidu',
  credential: 'baidu-access-token',
  endpoints: new Set(['chat']),
  passthrough: false,
  supportsStreamOptions: false,
  buildUrl(channel, _endpoint, upstreamModel, _stream, accessToken) {
    if (!accessToken) throw new Error('a Baidu channel needs an access token')
    const url = new URL(
      `${baiduBaseUrl(channel)}/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/${encodeURIComponent(baiduChatEndpoint(upstreamModel))}`
    )
    url.searchParams.set('access_token', accessToken)
    return url
  },
  buildHeaders() {
    return {}
  },
}
