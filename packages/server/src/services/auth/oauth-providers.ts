import type { Env } from '../../env.ts'
import { AppError } from '../../errors/app-error.ts'
import { classifyHostname } from '../../lib/outbound/address-class.ts'
import { createOutboundPolicy, policyFor, type OutboundPolicy } from '../../lib/outbound/address-policy.ts'
import { guardedFetch, type GuardedRequestInit } from '../../lib/outbound/guarded-fetch.ts'
import type { Services } from '../container.ts'

export type OAuthProvider = 'github' | 'linuxdo'

/** What the gateway keeps of a provider account: its stable id, and hints for a new user row. */
export interface ProviderAccount {
  id: string
  name: string
  email: string
}

type OAuthEnv = Partial<
  Pick<Env, 'GITHUB_OAUTH_BASE_URL' | 'LINUXDO_OAUTH_BASE_URL' | 'LINUX_DO_TOKEN_ENDPOINT' | 'LINUX_DO_USER_ENDPOINT'>
>

interface Endpoints {
  token: string
  user: string
}

const defaults: Record<OAuthProvider, Endpoints> = {
  github: { token: 'https://github.com/login/oauth/access_token', user: 'https://api.github.com/user' },
  linuxdo: { token: 'https://connect.linux.do/oauth2/token', user: 'https://connect.linux.do/api/user' },
}

/**
 * The provider's endpoints. Tests (and e2e) point them at a local stub through the environment:
 * GITHUB_OAUTH_BASE_URL / LINUXDO_OAUTH_BASE_URL replace the origin of both endpoints. The
 * reference's LINUX_DO_TOKEN_ENDPOINT / LINUX_DO_USER_ENDPOINT replace one endpoint each. Only the
 * operator sets the environment, never an option or a request, so production keeps the public
 * providers; and an override only opens loopback (see providerPolicy), nothing else private.
 */
export function providerEndpoints(provider: OAuthProvider, env: OAuthEnv): Endpoints & { override: boolean } {
  const base = (provider === 'github' ? env.GITHUB_OAUTH_BASE_URL : env.LINUXDO_OAUTH_BASE_URL)?.replace(/\/+$/, '')
  let endpoints = defaults[provider]
  let override = false
  if (base) {
    const rebase = (url: string) => base + new URL(url).pathname
    endpoints = { token: rebase(endpoints.token), user: rebase(endpoints.user) }
    override = true
  }
  if (provider === 'linuxdo' && (env.LINUX_DO_TOKEN_ENDPOINT || env.LINUX_DO_USER_ENDPOINT)) {
    endpoints = {
      token: env.LINUX_DO_TOKEN_ENDPOINT ?? endpoints.token,
      user: env.LINUX_DO_USER_ENDPOINT ?? endpoints.user,
    }
    override = true
  }
  return { ...endpoints, override }
}

/** The user-URL policy, widened to loopback on any port only for an operator's loopback override. */
function providerPolicy(services: Services, url: string, override: boolean): OutboundPolicy {
  if (override && classifyHostname(new URL(url).hostname) === 'loopback')
    return createOutboundPolicy('user', true, [[1, 65535]])
  return policyFor(services.options, 'user')
}

const FETCH_LIMITS = { timeoutMs: 10_000, maxRedirects: 0, maxBytes: 256 * 1024 }
const label: Record<OAuthProvider, string> = { github: 'GitHub', linuxdo: 'LinuxDO' }

async function callProvider(
  services: Services,
  provider: OAuthProvider,
  url: string,
  init: GuardedRequestInit,
  override: boolean
) {
  let response: Awaited<ReturnType<typeof guardedFetch>>
  let body: Record<string, unknown>
  try {
    response = await guardedFetch(url, init, { policy: providerPolicy(services, url, override), ...FETCH_LIMITS })
    body = (await response.json()) as Record<string, unknown>
  } catch (error) {
    services.logger.warn({ err: String(error), provider }, 'oauth provider unreachable')
    throw new AppError('BAD_REQUEST', 'account.oauth_provider_failed', { provider: label[provider] }, { cause: error })
  }
  if (!response.ok || typeof body !== 'object' || body === null || typeof body.error === 'string') {
    const reason = String(body?.error_description ?? body?.error ?? response.status).slice(0, 200)
    throw new AppError('BAD_REQUEST', 'account.oauth_provider_refused', { provider: label[provider], reason })
  }
  return body
}

/**
 * Trades the authorization code for an access token, then reads the account. GitHub takes the
 * client credentials in the form; LinuxDO takes them as HTTP Basic, with the redirect URI it was
 * given. The access token is used for this one read and never stored or logged.
 */
export async function fetchProviderAccount(
  services: Services,
  provider: OAuthProvider,
  code: string,
  redirectUri: string
): Promise<ProviderAccount> {
  const { token: tokenUrl, user: userUrl, override } = providerEndpoints(provider, services.env)
  const { options } = services
  const headers: Record<string, string> = { accept: 'application/json' }
  const form = new URLSearchParams({ code })
  if (provider === 'github') {
    form.set('client_id', options.get('GitHubClientId'))
    form.set('client_secret', options.get('GitHubClientSecret'))
  } else {
    headers.authorization = `Basic ${Buffer.from(`${options.get('LinuxDOClientId')}:${options.get('LinuxDOClientSecret')}`).toString('base64')}`
    form.set('grant_type', 'authorization_code')
    form.set('redirect_uri', redirectUri)
  }
  const tokenBody = await callProvider(services, provider, tokenUrl, { method: 'POST', headers, body: form }, override)
  const accessToken = typeof tokenBody.access_token === 'string' ? tokenBody.access_token : ''
  if (!accessToken)
    throw new AppError('BAD_REQUEST', 'account.oauth_provider_refused', {
      provider: label[provider],
      reason: 'no access token',
    })

  const user = await callProvider(
    services,
    provider,
    userUrl,
    { headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` } },
    override
  )
  const id = user.id
  if ((typeof id !== 'number' && typeof id !== 'string') || String(id) === '' || String(id) === '0') {
    throw new AppError('BAD_REQUEST', 'account.oauth_provider_refused', {
      provider: label[provider],
      reason: 'no user id',
    })
  }
  const name =
    [user.name, user.username, user.login].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? ''
  return {
    id: String(id).slice(0, 128),
    name: name.trim().slice(0, 20),
    email: typeof user.email === 'string' ? user.email.slice(0, 254) : '',
  }
}
