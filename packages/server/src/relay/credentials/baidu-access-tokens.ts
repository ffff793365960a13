import { createHash } from 'node:crypto'
import { channelPolicy } from '../../lib/outbound/address-policy.ts'
import { guardedFetch } from '../../lib/outbound/guarded-fetch.ts'
import { baiduBaseUrl, parseBaiduKey } from '../../providers/baidu/baidu-adapter.ts'
import type { BaiduTokenAnswer } from '../../providers/baidu/baidu-api.ts'
import type { OptionStore } from '../../services/options/option-store.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import { RelayError } from '../relay-error.ts'
import { sanitize } from '../upstream/upstream-error.ts'

/** A token is renewed this long before it expires, so no request carries one that dies in flight. */
const RENEW_BEFORE_MS = 5 * 60_000
/** Baidu's tokens live 30 days; an answer without expires_in is trusted for a day. */
const DEFAULT_LIFETIME_S = 86_400

/**
 * Access tokens minted from Baidu Qianfan channels' `APIKey|SecretKey`, one per key and base URL,
 * kept until shortly before they expire; concurrent requests share one exchange. The token
 * endpoint ({base}/oauth/2.0/token) is called through the outbound guard with the channel policy.
 * @see https://ai.baidu.com/ai-doc/REFERENCE/Ck3dwjhhu
 */
export class BaiduAccessTokens {
  private readonly options: OptionStore
  private readonly cache = new Map<string, { token: string; expiresAt: number }>()
  private readonly pending = new Map<string, Promise<string>>()
  /** exchanges made, for tests and metrics */
  exchanges = 0

  constructor(options: OptionStore) {
    this.options = options
  }

  async tokenFor(channel: Pick<RelayChannel, 'key' | 'baseUrl' | 'privateNetwork'>): Promise<string> {
    const id = cacheId(channel)
    const cached = this.cache.get(id)
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached.token
    let exchange = this.pending.get(id)
    if (!exchange) {
      exchange = this.exchange(channel, id).finally(() => this.pending.delete(id))
      this.pending.set(id, exchange)
    }
    return exchange
  }

  /** Baidu refused the token (invalid or expired before its time): the next request mints a new one. */
  forget(channel: Pick<RelayChannel, 'key' | 'baseUrl' | 'privateNetwork'>): void {
    this.cache.delete(cacheId(channel))
  }

  private async exchange(
    channel: Pick<RelayChannel, 'key' | 'baseUrl' | 'privateNetwork'>,
    id: string
  ): Promise<string> {
    const key = parseBaiduKey(channel.key)
    if (!key) throw credentialError('the channel key must be APIKey|SecretKey', channel.key)
    const url = new URL(`${baiduBaseUrl(channel)}/oauth/2.0/token`)
    url.search = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: key.apiKey,
      client_secret: key.secretKey,
    }).toString()
    this.exchanges++
    let answer: BaiduTokenAnswer
    let status: number
    try {
      const response = await guardedFetch(
        url.toString(),
        { method: 'POST', headers: { accept: 'application/json' } },
        {
          policy: channelPolicy(this.options, channel.privateNetwork),
          timeoutMs: 10_000,
          maxBytes: 64 * 1024,
          maxRedirects: 0,
        }
      )
      status = response.status
      answer = (await response.json()) as BaiduTokenAnswer
    } catch {
      throw credentialError('the token endpoint could not be reached', channel.key)
    }
    if (typeof answer?.access_token !== 'string' || answer.access_token === '') {
      const reason =
        typeof answer?.error_description === 'string'
          ? answer.error_description
          : typeof answer?.error === 'string'
            ? answer.error
            : 'no access token'
      throw credentialError(`the token endpoint answered ${status}: ${reason}`, channel.key)
    }
    const seconds =
      typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : DEFAULT_LIFETIME_S
    this.cache.set(id, { token: answer.access_token, expiresAt: Date.now() + seconds * 1000 })
    return answer.access_token
  }
}

const cacheId = (channel: Pick<RelayChannel, 'key' | 'baseUrl' | 'privateNetwork'>) =>
  createHash('sha256')
    .update(`${baiduBaseUrl(channel)}\n${channel.key}`)
    .digest('hex')

/** A channel whose credential does not work: not the client's fault, so the next channel is tried. */
function credentialError(message: string, channelKey: string): RelayError {
  const parts = channelKey.split('|').filter((part) => part.length >= 4)
  const text = parts.reduce((out, part) => out.split(part).join('[key]'), sanitize(message, channelKey))
  return new RelayError({
    status: 502,
    type: 'upstream_error',
    code: 'upstream_credential_failed',
    message: `Baidu credential: ${text}`,
    local: false,
    retryable: true,
  })
}
