import { ok, passkeyLoginFinishInput, passkeyRegisterFinishInput, renamePasskeyInput } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { adminAuth, publicRoute, userAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { criticalRateLimit } from '../../middleware/rate-limit.ts'
import { signIn } from '../../services/auth/session-cookie.ts'
import {
  deleteAllPasskeys,
  deletePasskey,
  listPasskeys,
  renamePasskey,
  resetUserPasskeys,
} from '../../services/passkeys/manage-passkeys.ts'
import { beginPasskeyRegistration, finishPasskeyRegistration } from '../../services/passkeys/register-passkey.ts'
import { relyingPartyOf } from '../../services/passkeys/relying-party.ts'
import { beginPasskeySignIn, verifyPasskeySignIn } from '../../services/passkeys/sign-in-with-passkey.ts'
import { readId } from './route-params.ts'

/**
 * /api/user/passkey...: passkeys (WebAuthn) of the own account, sign-in with one, and the admin's
 * reset. Mounted before the admin /user routes, whose `/:id` would otherwise see these paths.
 */
export const passkeyRoutes = new Hono<HonoEnv>()
  .get('/passkey', userAuth, async (c) => c.json(ok(await listPasskeys(c.get('services'), c.get('user').id))))
  .post('/passkey/register/begin', userAuth, async (c) => {
    const publicKey = await beginPasskeyRegistration(c.get('services'), c.get('user'), relyingPartyOf(c))
    return c.json(ok({ options: { publicKey } }))
  })
  .post('/passkey/register/finish', userAuth, async (c) => {
    const input = await readJson(c, passkeyRegisterFinishInput)
    const id = await finishPasskeyRegistration(c.get('services'), c.get('user'), relyingPartyOf(c), input, {
      userAgent: c.req.header('user-agent') ?? '',
      language: c.get('language'),
    })
    return c.json(ok({ id }, translate('passkey.registered', c.get('language'))))
  })
  .put('/passkey/:id', userAuth, async (c) => {
    const { name } = await readJson(c, renamePasskeyInput)
    await renamePasskey(c.get('services'), c.get('user').id, readId(c, 'passkey.not_found'), name)
    return c.json(ok(null))
  })
  .delete('/passkey/:id', userAuth, async (c) => {
    await deletePasskey(c.get('services'), c.get('user').id, readId(c, 'passkey.not_found'))
    return c.json(ok(null, translate('passkey.deleted', c.get('language'))))
  })
  .delete('/passkey', userAuth, async (c) => {
    await deleteAllPasskeys(c.get('services'), c.get('user').id)
    return c.json(ok(null, translate('passkey.all_deleted', c.get('language'))))
  })
  .post('/passkey/login/begin', publicRoute, criticalRateLimit, async (c) => {
    const publicKey = await beginPasskeySignIn(c.get('services'), relyingPartyOf(c))
    return c.json(ok({ options: { publicKey } }))
  })
  // A passkey is a factor on its own (possession and user verification), so no second one is asked.
  .post('/passkey/login/finish', publicRoute, criticalRateLimit, async (c) => {
    const input = await readJson(c, passkeyLoginFinishInput)
    const user = await verifyPasskeySignIn(c.get('services'), relyingPartyOf(c), input)
    await signIn(c, user.id)
    return c.json(ok(user))
  })
  .delete('/:id/reset_passkey', adminAuth, async (c) => {
    const actor = { id: c.get('user').id, role: c.get('user').role }
    await resetUserPasskeys(c.get('services'), actor, readId(c, 'user.not_found'))
    return c.json(ok(null, translate('passkey.reset_done', c.get('language'))))
  })
