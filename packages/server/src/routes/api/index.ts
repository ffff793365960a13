import { unknownPath } from '@gateway/shared'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate } from '../../i18n/messages.ts'
import { globalApiRateLimit } from '../../middleware/rate-limit.ts'
import { sameOriginWrites } from '../../middleware/same-origin.ts'
import { accountRoutes } from './account-routes.ts'
import { channelRoutes } from './channel-routes.ts'
import { dataRoutes } from './data-routes.ts'
import { groupRoutes } from './group-routes.ts'
import { logRoutes } from './log-routes.ts'
import { mjRoutes } from './mj-routes.ts'
import { modelRoutes } from './model-routes.ts'
import { oauthRoutes } from './oauth-routes.ts'
import { optionRoutes } from './option-routes.ts'
import { passkeyRoutes } from './passkey-routes.ts'
import { paymentRoutes } from './payment-routes.ts'
import { personalRoutes } from './personal-routes.ts'
import { pricingRoutes } from './pricing-routes.ts'
import { redemptionRoutes } from './redemption-routes.ts'
import { sessionRoutes } from './session-routes.ts'
import { systemRoutes } from './system-routes.ts'
import { taskRoutes } from './task-routes.ts'
import { tokenRoutes } from './token-routes.ts'
import { twoFactorRoutes } from './two-factor-routes.ts'
import { userAdminRoutes } from './user-admin-routes.ts'
import { userRoutes } from './user-routes.ts'

/** Console API bodies are settings and forms; a megabyte is generous and stops memory abuse. */
const API_BODY_LIMIT = 1024 * 1024

/** Every /api route. Each one names its access level first (see middleware/auth.ts). */
export function apiRoutes(): Hono<HonoEnv> {
  return (
    new Hono<HonoEnv>()
      .use('*', globalApiRateLimit)
      .use('*', sameOriginWrites)
      .use(
        '*',
        bodyLimit({
          maxSize: API_BODY_LIMIT,
          onError: () => {
            throw new AppError('PAYLOAD_TOO_LARGE', 'common.payload_too_large')
          },
        })
      )
      .route('/', systemRoutes)
      .route('/user', personalRoutes)
      // before userRoutes: its static paths must win over any /user/:id route
      .route('/user', paymentRoutes)
      .route('/user', userRoutes)
      .route('/user', passkeyRoutes)
      .route('/user', twoFactorRoutes)
      .route('/user', sessionRoutes)
      // after every other /user mount; its /:id also lets non-numeric segments through
      .route('/user', userAdminRoutes)
      .route('/option', optionRoutes)
      .route('/group', groupRoutes)
      .route('/oauth', oauthRoutes)
      .route('/', accountRoutes)
      .route('/token', tokenRoutes)
      .route('/channel', channelRoutes)
      .route('/redemption', redemptionRoutes)
      .route('/log', logRoutes)
      .route('/mj', mjRoutes)
      .route('/task', taskRoutes)
      .route('/data', dataRoutes)
      .route('/models', modelRoutes)
      .route('/pricing', pricingRoutes)
      .notFound((c) =>
        c.json(unknownPath(c.req.method, c.req.path, translate('common.not_found', c.get('language'))), 404)
      )
  )
}
