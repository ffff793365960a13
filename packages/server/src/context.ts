import type { SessionUser } from '@gateway/shared'
import type { Env as HonoEnvBase } from 'hono'
import type { Language } from './i18n/messages.ts'
import type { Services } from './services/container.ts'

/** The signed-in user as read from the database on this request. */
export interface AuthUser extends SessionUser {
  /** set when the request authenticated with a console session (not an access token) */
  sessionId?: string
  /** a confirmed TOTP factor exists (read with the user, for TwoFactorRequiredForAdmins) */
  twoFactorEnabled?: boolean
}

export interface HonoEnv extends HonoEnvBase {
  Variables: {
    services: Services
    requestId: string
    language: Language
    clientIp: string
    user: AuthUser
  }
}
