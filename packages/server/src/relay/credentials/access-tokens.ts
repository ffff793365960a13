import { adapterFor } from '../../providers/registry.ts'
import { ACCESS_TOKEN_REJECTED, type ProviderAdapter } from '../../providers/types.ts'
import type { OptionStore } from '../../services/options/option-store.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import { BaiduAccessTokens } from './baidu-access-tokens.ts'
import { GoogleAccessTokens } from './google-access-tokens.ts'

export type CredentialKind = NonNullable<ProviderAdapter['credential']>

export { ACCESS_TOKEN_REJECTED }

/** Short-lived access tokens minted from channel credentials, by the kind the adapter names. */
export class AccessTokens {
  readonly google: GoogleAccessTokens
  readonly baidu: BaiduAccessTokens

  constructor(options: OptionStore) {
    this.google = new GoogleAccessTokens(options)
    this.baidu = new BaiduAccessTokens(options)
  }

  tokenFor(kind: CredentialKind, channel: RelayChannel): Promise<string> {
    if (kind === 'baidu-access-token') return this.baidu.tokenFor(channel)
    return this.google.tokenFor(channel)
  }

  /** After a failure on the channel: a rejected token is not used again. */
  rejected(channel: RelayChannel, error: { code: string }): void {
    if (error.code !== ACCESS_TOKEN_REJECTED) return
    if (adapterFor(channel.type)?.credential === 'baidu-access-token') this.baidu.forget(channel)
  }
}
