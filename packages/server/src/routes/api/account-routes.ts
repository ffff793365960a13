import { ok, resetConfirmInput } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { serverAddress } from '../../lib/server-address.ts'
import { publicRoute, tryAuthenticate } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { criticalRateLimit } from '../../middleware/rate-limit.ts'
import { sendEmailCode } from '../../services/auth/email-code.ts'
import { confirmPasswordReset, requestPasswordReset } from '../../services/auth/password-reset.ts'
import { verifyTurnstile } from '../../services/turnstile/verify-turnstile.ts'

/**
 * Email codes and password reset: /api/verification, /api/reset_password, /api/user/reset.
 * All under the critical rate limit; the anonymous ones also pass the human check when it is on.
 */
export const accountRoutes = new Hono<HonoEnv>()
  .get('/verification', publicRoute, criticalRateLimit, async (c) => {
    const services = c.get('services')
    // A signed-in caller is binding an address (personal settings) and passed the human check at
    // sign-in; an anonymous one is registering and passes it now.
    const current = await tryAuthenticate(c)
    if (!current) await verifyTurnstile(services, c.req.query('turnstile'), c.get('clientIp'))
    await sendEmailCode(services, c.req.query('email'), current ? 'bind' : 'register', c.get('language'))
    return c.json(ok(null, translate('account.code_sent', c.get('language'))))
  })
  .get('/reset_password', publicRoute, criticalRateLimit, async (c) => {
    const services = c.get('services')
    await verifyTurnstile(services, c.req.query('turnstile'), c.get('clientIp'))
    await requestPasswordReset(services, c.req.query('email'), c.get('language'), serverAddress(c))
    return c.json(ok(null, translate('account.reset_mail_sent', c.get('language'))))
  })
  .post('/user/reset', publicRoute, criticalRateLimit, async (c) => {
    const input = await readJson(c, resetConfirmInput)
    const password = await confirmPasswordReset(c.get('services'), input.email, input.token)
    return c.json(ok(password))
  })
