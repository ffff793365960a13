import { loginInput, ok, redeemCodeInput, registerInput, updateSelfInput } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import { deleteCookie, getSignedCookie } from 'hono/cookie'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { publicRoute, userAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { criticalRateLimit } from '../../middleware/rate-limit.ts'
import { redeemCode } from '../../services/redemptions/redeem-code.ts'
import { endSession, SESSION_COOKIE } from '../../services/sessions/sessions.ts'
import { verifyTurnstile } from '../../services/turnstile/verify-turnstile.ts'
import { signInOrAskForCode } from '../../services/two-factor/two-factor-login.ts'
import { consolePermissions } from '../../services/users/console-permissions.ts'
import { listModelsOfGroups } from '../../services/users/group-models.ts'
import { authenticateUser } from '../../services/users/login-user.ts'
import { registerUser } from '../../services/users/register-user.ts'
import {
  deleteSelf,
  ensureAffCode,
  regenerateAccessToken,
  requireUser,
  toSelfUser,
  updateSelf,
} from '../../services/users/self-service.ts'
import { usableGroupRatios, usableGroups } from '../../services/users/usable-groups.ts'

/** Ends the cookie's session, if any, and clears the cookie. */
async function logout(c: Context<HonoEnv>) {
  const services = c.get('services')
  const secret = await getSignedCookie(c, services.sessionSecret, SESSION_COOKIE)
  if (secret) await endSession(services.db, secret)
  deleteCookie(c, SESSION_COOKIE, { path: '/' })
  return c.json(ok(null))
}

const newAccessToken = async (c: Context<HonoEnv>) =>
  c.json(ok(await regenerateAccessToken(c.get('services'), c.get('user').id)))

/** /api/user: sign-in, registration and the own account. */
export const userRoutes = new Hono<HonoEnv>()
  .post('/login', publicRoute, criticalRateLimit, async (c) => {
    const services = c.get('services')
    const input = await readJson(c, loginInput)
    await verifyTurnstile(services, c.req.query('turnstile'), c.get('clientIp'))
    const user = await authenticateUser(services, input.username, input.password)
    // With 2FA on, no session yet: the answer asks for the code (POST /api/user/login/2fa).
    return c.json(await signInOrAskForCode(c, user))
  })
  // The spec's GET, and the POST forms the console uses (a write should not be a GET).
  .get('/logout', publicRoute, logout)
  .post('/logout', publicRoute, logout)
  .post('/auth/logout', publicRoute, logout)
  .post('/register', publicRoute, criticalRateLimit, async (c) => {
    const services = c.get('services')
    const input = await readJson(c, registerInput)
    await verifyTurnstile(services, c.req.query('turnstile'), c.get('clientIp'))
    await registerUser(services, input)
    return c.json(ok(null, translate('common.success', c.get('language'))))
  })
  .get('/groups', publicRoute, (c) =>
    c.json(
      ok(usableGroupRatios(c.get('services').options, undefined, translate('user.own_group_desc', c.get('language'))))
    )
  )
  .get('/self/groups', userAuth, (c) =>
    c.json(
      ok(
        usableGroupRatios(
          c.get('services').options,
          c.get('user').group,
          translate('user.own_group_desc', c.get('language'))
        )
      )
    )
  )
  .get('/self', userAuth, async (c) => {
    const services = c.get('services')
    const row = await requireUser(services, c.get('user').id)
    return c.json(ok(toSelfUser(row, consolePermissions(row.role, services.options))))
  })
  .put('/self', userAuth, async (c) => {
    const input = await readJson(c, updateSelfInput)
    await updateSelf(c.get('services'), c.get('user').id, input, c.get('user').sessionId)
    return c.json(ok(null))
  })
  .delete('/self', userAuth, async (c) => {
    await deleteSelf(c.get('services'), c.get('user').id)
    deleteCookie(c, SESSION_COOKIE, { path: '/' })
    return c.json(ok(null))
  })
  .get('/token', userAuth, newAccessToken)
  .post('/token', userAuth, newAccessToken)
  .get('/aff', userAuth, async (c) => c.json(ok(await ensureAffCode(c.get('services'), c.get('user').id))))
  .post('/topup', userAuth, async (c) => {
    const { key } = await readJson(c, redeemCodeInput)
    const quota = await redeemCode(c.get('services'), c.get('user').id, c.get('user').username, key)
    return c.json(ok(quota, translate('redemption.success', c.get('language'))))
  })
  .get('/models', userAuth, async (c) => {
    const services = c.get('services')
    const groups = Object.keys(usableGroups(services.options, c.get('user').group, ''))
    return c.json(ok(await listModelsOfGroups(services, groups)))
  })
