import { Role, TokenStatus, UserStatus } from '@gateway/shared'
import { isIpAllowed } from '../lib/ip-allow-list.ts'
import type { RelayToken, RelayUser, TokenCache } from './cache/token-cache.ts'
import { localError } from './relay-error.ts'

export interface TokenAuthResult {
  token: RelayToken
  user: RelayUser
  /** a channel pinned with the `sk-key-<id>` suffix (admins only) */
  pinnedChannelId: number | undefined
}

/**
 * The API key of a relay call: `Authorization: Bearer sk-...`, else `x-api-key` (Anthropic
 * clients), `x-goog-api-key` or `?key=` (Gemini clients), else `mj-api-secret`. Every place gets
 * exactly the same checks.
 */
export function readApiKey(headers: Headers, url: URL): string {
  const authorization = headers.get('authorization')
  if (authorization) return authorization.replace(/^Bearer\s+/i, '').trim()
  return (
    headers.get('x-api-key') ??
    headers.get('x-goog-api-key') ??
    url.searchParams.get('key') ??
    headers.get('mj-api-secret') ??
    ''
  ).trim()
}

/** Resolves and checks a key: token status, expiry, owner, IP allow list, channel pin. */
export async function authenticateToken(
  cache: TokenCache,
  rawKey: string,
  clientIp: string,
  lookupHash: (key: string) => string,
  now: number
): Promise<TokenAuthResult> {
  if (!rawKey) throw localError(401, 'invalid_api_key', 'token.missing', undefined, 'authentication_error')
  const [key = '', pin] = rawKey.replace(/^sk-/, '').split('-')
  const token = key ? await cache.token(cache.hashOf(key, lookupHash), key) : undefined
  if (!token) throw localError(401, 'invalid_api_key', 'token.invalid', undefined, 'authentication_error')
  if (token.status === TokenStatus.exhausted)
    throw localError(401, 'token_exhausted', 'token.exhausted', undefined, 'authentication_error')
  if (token.status === TokenStatus.expired || (token.expiredTime !== -1 && token.expiredTime < now)) {
    throw localError(401, 'token_expired', 'token.expired', undefined, 'authentication_error')
  }
  if (token.status !== TokenStatus.enabled)
    throw localError(401, 'token_disabled', 'token.unavailable', undefined, 'authentication_error')
  const user = await cache.user(token.userId)
  if (!user || user.cancelled || user.status !== UserStatus.enabled)
    throw localError(403, 'user_banned', 'user.banned', undefined, 'permission_error')
  if (!isIpAllowed(token.allowIps, clientIp))
    throw localError(403, 'ip_not_allowed', 'token.ip_not_allowed', undefined, 'permission_error')
  let pinnedChannelId: number | undefined
  if (pin !== undefined && pin !== '') {
    if (user.role < Role.admin)
      throw localError(403, 'channel_pin_forbidden', 'token.channel_pin_forbidden', undefined, 'permission_error')
    pinnedChannelId = Number(pin)
    if (!Number.isSafeInteger(pinnedChannelId) || pinnedChannelId <= 0)
      throw localError(400, 'invalid_channel', 'token.channel_pin_invalid')
  }
  return { token, user, pinnedChannelId }
}
