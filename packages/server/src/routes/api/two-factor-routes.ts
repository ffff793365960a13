import { ok, twoFactorCodeInput } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { adminAuth, publicRoute, userAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { criticalRateLimit } from '../../middleware/rate-limit.ts'
import {
  disableTwoFactorAsAdmin,
  disableTwoFactorWithCode,
  enableTwoFactorWithCode,
  getTwoFactorStats,
  getTwoFactorStatus,
  regenerateBackupCodes,
  setupTwoFactor,
  type Caller,
} from '../../services/two-factor/manage-two-factor.ts'
import { finishTwoFactorLogin } from '../../services/two-factor/two-factor-login.ts'
import { readId } from './route-params.ts'

const callerOf = (c: Context<HonoEnv>): Caller => {
  const user = c.get('user')
  return { id: user.id, role: user.role, username: user.username, sessionId: user.sessionId }
}

/**
 * /api/user: TOTP two-factor sign-in (the reference's paths). Mounted before the admin /user
 * routes, whose /:id would otherwise see /2fa.
 */
export const twoFactorRoutes = new Hono<HonoEnv>()
  .post('/login/2fa', publicRoute, criticalRateLimit, async (c) => {
    const { code } = await readJson(c, twoFactorCodeInput)
    return c.json(ok(await finishTwoFactorLogin(c, code)))
  })
  .get('/2fa/status', userAuth, async (c) => c.json(ok(await getTwoFactorStatus(c.get('services'), callerOf(c)))))
  .post('/2fa/setup', userAuth, async (c) => {
    const setup = await setupTwoFactor(c.get('services'), callerOf(c))
    return c.json(ok(setup, translate('two_factor.setup_started', c.get('language'))))
  })
  .post('/2fa/enable', userAuth, async (c) => {
    const { code } = await readJson(c, twoFactorCodeInput)
    await enableTwoFactorWithCode(c.get('services'), callerOf(c), code)
    return c.json(ok(null, translate('two_factor.enabled', c.get('language'))))
  })
  .post('/2fa/disable', userAuth, async (c) => {
    const { code } = await readJson(c, twoFactorCodeInput)
    await disableTwoFactorWithCode(c.get('services'), callerOf(c), code)
    return c.json(ok(null, translate('two_factor.disabled', c.get('language'))))
  })
  .post('/2fa/backup_codes', userAuth, async (c) => {
    const { code } = await readJson(c, twoFactorCodeInput)
    const codes = await regenerateBackupCodes(c.get('services'), callerOf(c), code)
    return c.json(ok({ backup_codes: codes }, translate('two_factor.backup_codes_regenerated', c.get('language'))))
  })
  .get('/2fa/stats', adminAuth, async (c) => c.json(ok(await getTwoFactorStats(c.get('services')))))
  .delete('/:id/2fa', adminAuth, async (c) => {
    const user = c.get('user')
    await disableTwoFactorAsAdmin(c.get('services'), { id: user.id, role: user.role }, readId(c, 'user.not_found'))
    return c.json(ok(null, translate('two_factor.admin_disabled', c.get('language'))))
  })
