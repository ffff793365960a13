import { createHash } from 'node:crypto'
import { channelPolicy } from '../../lib/outbound/address-policy.ts'
import { guardedFetch } from '../../lib/outbound/guarded-fetch.ts'
import { parseServiceAccount, serviceAccountAssertion } from '../../providers/vertex/vertex-service-account.ts'
import type { OptionStore } from '../../services/options/option-store.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import { RelayError } from '../relay-error.ts'

/** A token is renewed this long before it expires, so no request carries one that dies in flight. */
const RENEW_BEFORE_MS = 5 * 60_000

/**
 * Access tokens minted from Vertex AI channels' service-account keys, one per key, kept until
 * shortly before they expire; concurrent requests share one exchange. The token endpoint is
 * called through the outbound guard with the channel policy (it comes from the key file).
 */
export class GoogleAccessTokens {
  private readonly options: OptionStore
  private readonly cache = new Map<string, { token: string; expiresAt: number }>()
  private readonly pending = new Map<string, Promise<string>>()

  constructor(options: OptionStore) {
    this.options = options
  }

  async tokenFor(channel: RelayChannel): Promise<string> {
    const id = createHash('sha256').update(channel.key).digest('hex')
    const cached = this.cache.get(id)
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached.token
    let exchange = this.pending.get(id)
    if (!exchange) {
      exchange = this.exchange(channel.key, id, channel.privateNetwork).finally(() => this.pending.delete(id))
      this.pending.set(id, exchange)
    }
    return exchange
  }

  private async exchange(key: string, id: string, privateNetwork: boolean): Promise<string> {
    const account = parseServiceAccount(key)
    if (!account) throw credentialError('the channel key is not a service-account JSON')
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: serviceAccountAssertion(account, Math.floor(Date.now() / 1000)),
    })
    let answer: { access_token?: unknown; expires_in?: unknown; error_description?: unknown }
    try {
      const response = await guardedFetch(
        account.tokenUri,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() },
        { policy: channelPolicy(this.options, privateNetwork), timeoutMs: 10_000, maxBytes: 64 * 1024 }
      )
      answer = (await response.json()) as typeof answer
      if (!response.ok)
        throw credentialError(
          `the token endpoint answered ${response.status}${typeof answer.error_description === 'string' ? `: ${answer.error_description}` : ''}`
        )
    } catch (error) {
      if (error instanceof RelayError) throw error
      throw credentialError('the token endpoint could not be reached')
    }
    if (typeof answer.access_token !== 'string') throw credentialError('the token endpoint answered no access token')
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 3600
    this.cache.set(id, { token: answer.access_token, expiresAt: Date.now() + seconds * 1000 })
    return answer.access_token
  }
}

/** A channel whose credential does not work: not the client's fault, so the next channel is tried. */
function credentialError(message: string): RelayError {
  return new RelayError({
    status: 502,
    type: 'upstream_error',
    code: 'upstream_credential_failed',
    message: `Vertex AI credential: ${message}`,
    local: false,
    retryable: true,
  })
}
