import { ok, USER_ID_HEADER } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate } from '../../i18n/messages.ts'
import { randomAlphanumeric, safeEqual } from '../../lib/crypto.ts'
import { serverAddress } from '../../lib/server-address.ts'
import { publicRoute, tryAuthenticate, userAuth } from '../../middleware/auth.ts'
import { criticalRateLimit } from '../../middleware/rate-limit.ts'
import { normaliseEmail } from '../../services/auth/email-rules.ts'
import { bindEmail, bindExternal, loginBoundOnly, loginOrRegister } from '../../services/auth/external-accounts.ts'
import { fetchProviderAccount, type OAuthProvider } from '../../services/auth/oauth-providers.ts'
import { verifyTelegramLogin } from '../../services/auth/telegram-auth.ts'
import { spendState } from '../../services/auth/used-states.ts'
import { resolveWeChatId } from '../../services/auth/wechat-auth.ts'
import { signInOrAskForCode } from '../../services/two-factor/two-factor-login.ts'

export const OAUTH_STATE_COOKIE = 'oauth_state'

/** The message of a successful binding; the callback page tells it apart from a sign-in by it. */
const BIND = 'bind'

/**
 * Reads and clears the state cookie, then compares it with the state the provider echoed. A state
 * is good for one round trip only, so a replayed callback URL fails here.
 */
async function takeState(c: Context<HonoEnv>): Promise<{ aff: string }> {
  const raw = await getSignedCookie(c, c.get('services').sessionSecret, OAUTH_STATE_COOKIE)
  deleteCookie(c, OAUTH_STATE_COOKIE, { path: '/' })
  let stored: { state?: unknown; aff?: unknown } = {}
  try {
    stored = raw ? (JSON.parse(raw) as typeof stored) : {}
  } catch {
    stored = {}
  }
  const echoed = c.req.query('state') ?? ''
  if (typeof stored.state !== 'string' || !stored.state || !echoed || !safeEqual(stored.state, echoed)) {
    throw new AppError('FORBIDDEN', 'account.oauth_state_invalid')
  }
  if (!(await spendState(c.get('services'), stored.state)))
    throw new AppError('FORBIDDEN', 'account.oauth_state_invalid')
  return { aff: typeof stored.aff === 'string' ? stored.aff : '' }
}

const providerSettings = {
  github: { enabled: 'GitHubOAuthEnabled', disabled: 'account.github_disabled', defaultName: 'account.github_user' },
  linuxdo: {
    enabled: 'LinuxDOOAuthEnabled',
    disabled: 'account.linuxdo_disabled',
    defaultName: 'account.linuxdo_user',
  },
} as const

/**
 * GET /api/oauth/{github,linuxdo}?code&state: with a signed-in user, binds the provider account
 * (message 'bind'); otherwise signs in the bound user or registers a new one.
 */
function providerCallback(provider: OAuthProvider) {
  return async (c: Context<HonoEnv>) => {
    const services = c.get('services')
    const settings = providerSettings[provider]
    const { aff } = await takeState(c)
    if (!services.options.bool(settings.enabled)) throw new AppError('DENIED', settings.disabled)
    const providerError = c.req.query('error')
    if (providerError)
      throw new AppError('BAD_REQUEST', 'account.oauth_provider_refused', {
        provider: provider === 'github' ? 'GitHub' : 'LinuxDO',
        reason: providerError.slice(0, 200),
      })
    const code = c.req.query('code') ?? ''
    if (!code) throw new AppError('BAD_REQUEST', 'account.oauth_code_missing')
    const redirectUri = `${serverAddress(c)}/oauth/${provider}`
    const account = await fetchProviderAccount(services, provider, code, redirectUri)

    const current = await tryAuthenticate(c)
    if (current) {
      await bindExternal(services, current.id, provider, account.id)
      return c.json(ok(null, BIND))
    }
    const user = await loginOrRegister(services, provider, account.id, {
      displayName: account.name || translate(settings.defaultName, c.get('language')),
      // Only a verified address would be safe to link by; it is copied for contact, never matched on.
      email: normaliseEmail(account.email) ?? '',
      affCode: aff,
    })
    return c.json(await signInOrAskForCode(c, user))
  }
}

function telegramQuery(c: Context<HonoEnv>): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(c.req.query())) if (key.length <= 32) query[key] = value.slice(0, 512)
  return query
}

function requireTelegram(c: Context<HonoEnv>): string {
  const { options } = c.get('services')
  if (!options.bool('TelegramOAuthEnabled')) throw new AppError('DENIED', 'account.telegram_disabled')
  return verifyTelegramLogin(telegramQuery(c), options.get('TelegramBotToken'))
}

function requireWeChat(c: Context<HonoEnv>): void {
  const { options } = c.get('services')
  if (!options.bool('WeChatAuthEnabled') || !options.get('WeChatServerAddress'))
    throw new AppError('DENIED', 'account.wechat_disabled')
}

/**
 * /api/oauth: sign-in and binding with outside accounts, all under the critical rate limit.
 * Binding routes that a page calls with fetch are `userAuth` (cookie plus the New-Api-User header,
 * which a cross-site page cannot send, so these GETs cannot be forged - GHSA-26v7).
 */
export const oauthRoutes = new Hono<HonoEnv>()
  /**
   * The state that binds an OAuth round trip to this browser. It lives in a signed, HttpOnly cookie
   * (Lax, because the provider's redirect back is a cross-site navigation) for ten minutes.
   */
  .get('/state', publicRoute, criticalRateLimit, async (c) => {
    const state = randomAlphanumeric(12)
    const aff = (c.req.query('aff') ?? '').slice(0, 32)
    await setSignedCookie(c, OAUTH_STATE_COOKIE, JSON.stringify({ state, aff }), c.get('services').sessionSecret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 600,
      secure: c.get('services').env.SESSION_COOKIE_SECURE || new URL(c.req.url).protocol === 'https:',
    })
    return c.json(ok(state))
  })
  .get('/github', publicRoute, criticalRateLimit, providerCallback('github'))
  .get('/linuxdo', publicRoute, criticalRateLimit, providerCallback('linuxdo'))
  .get('/wechat', publicRoute, criticalRateLimit, async (c) => {
    const services = c.get('services')
    requireWeChat(c)
    const wechatId = await resolveWeChatId(services, (c.req.query('code') ?? '').trim())
    const user = await loginOrRegister(services, 'wechat', wechatId, {
      displayName: translate('account.wechat_user', c.get('language')),
      email: '',
      affCode: '',
    })
    return c.json(await signInOrAskForCode(c, user))
  })
  .get('/wechat/bind', userAuth, criticalRateLimit, async (c) => {
    const services = c.get('services')
    requireWeChat(c)
    const wechatId = await resolveWeChatId(services, (c.req.query('code') ?? '').trim())
    await bindExternal(services, c.get('user').id, 'wechat', wechatId)
    return c.json(ok(null, BIND))
  })
  .get('/telegram/login', publicRoute, criticalRateLimit, async (c) => {
    const telegramId = requireTelegram(c)
    const user = await loginBoundOnly(c.get('services'), 'telegram', telegramId, 'account.telegram_not_bound')
    return c.json(await signInOrAskForCode(c, user))
  })
  /**
   * Binding from the Telegram widget. A page that calls it with fetch sends New-Api-User and gets
   * JSON; the widget's own redirect (data-auth-url) is a navigation and gets 302 to /setting, as
   * the reference does. The navigation case relies on the SameSite=Strict session cookie: a
   * navigation started on another site carries no session here, so it cannot bind anything.
   */
  .get('/telegram/bind', publicRoute, criticalRateLimit, async (c) => {
    const header = c.req.header(USER_ID_HEADER)
    const current = await tryAuthenticate(c)
    if (!current || (header !== undefined && header !== String(current.id))) {
      if (header !== undefined) throw new AppError('UNAUTHORIZED', 'auth.not_logged_in')
      return c.redirect('/login?expired=true', 302)
    }
    const telegramId = requireTelegram(c)
    await bindExternal(c.get('services'), current.id, 'telegram', telegramId)
    return header !== undefined ? c.json(ok(null, BIND)) : c.redirect('/setting', 302)
  })
  .get('/email/bind', userAuth, criticalRateLimit, async (c) => {
    const services = c.get('services')
    const email = normaliseEmail(c.req.query('email'))
    const code = c.req.query('code') ?? ''
    if (!email || !code || !(await services.verificationCodes.consume('bind', email, code)))
      throw new AppError('BAD_REQUEST', 'register.code_invalid')
    await bindEmail(services, c.get('user').id, email)
    return c.json(ok(null, BIND))
  })
