import type { PasskeyBeginResult, SessionUser } from '@gateway/shared'
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { api } from '@/lib/api-client'

// A refused passkey may come back as 401/403; on the login screen that is a form error, not an expired session.
const authCall = { skipSessionExpiry: true } as const

/**
 * Signs in with a passkey: the server's challenge, the browser's prompt (the user picks one of the
 * passkeys this site holds, so no username is typed), then the server's check. Resolves to the
 * signed-in user, exactly as the password login answers.
 */
export async function signInWithPasskey(): Promise<SessionUser> {
  const begin = await api.post<PasskeyBeginResult<PublicKeyCredentialRequestOptionsJSON>>(
    '/api/user/passkey/login/begin',
    {},
    authCall
  )
  const response = await startAuthentication({ optionsJSON: begin.options.publicKey })
  return api.post<SessionUser>('/api/user/passkey/login/finish', response, authCall)
}
