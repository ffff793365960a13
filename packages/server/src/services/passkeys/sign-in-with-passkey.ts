import { UserStatus, type passkeyLoginFinishInput, type SessionUser } from '@gateway/shared'
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import type { z } from 'zod'
import { findPasskeyByCredentialId, recordPasskeyUse } from '../../db/queries/passkeys.ts'
import { findUserById } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { toSessionUser } from '../users/session-user.ts'
import { CHALLENGE_TTL_SECONDS, challengeBytes, consumeChallenge, issueChallenge } from './passkey-challenges.ts'
import { base64UrlToStd, transportsFromText } from './passkey-encoding.ts'
import type { RelyingParty } from './relying-party.ts'

/** Options for a sign-in with any passkey of this site: no allow-list, the browser offers the user's own. */
export async function beginPasskeySignIn(
  services: Services,
  rp: RelyingParty
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const challenge = await issueChallenge(services, 'login', 0)
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: challengeBytes(challenge),
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    userVerification: 'required',
  })
}

/**
 * Checks a sign-in response: the challenge is used up first (so a response can never be replayed),
 * then the credential must be known and its user live, the signature good for this site's origin and
 * RP ID with the user verified, and the signature counter higher than stored (unless the
 * authenticator keeps none). The counter is written only if no other sign-in moved it meanwhile.
 * Returns the user to sign in.
 */
export async function verifyPasskeySignIn(
  services: Services,
  rp: RelyingParty,
  input: z.output<typeof passkeyLoginFinishInput>
): Promise<SessionUser> {
  const expectedChallenge = await consumeChallenge(services, 'login', 0, input.response.clientDataJSON)
  const passkey = await findPasskeyByCredentialId(services.db, base64UrlToStd(input.id))
  const user = passkey ? await findUserById(services.db, passkey.user_id) : undefined
  if (!passkey || !user) throw new AppError('DENIED', 'passkey.login_failed')
  // The handle the authenticator keeps must name the same account the credential belongs to.
  const handle = input.response.userHandle
  if (
    handle !== undefined &&
    handle !== '' &&
    Buffer.from(handle, 'base64url').toString('utf8') !== String(passkey.user_id)
  ) {
    throw new AppError('DENIED', 'passkey.login_failed')
  }
  const storedCount = Number(passkey.sign_count)
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verification = await verifyAuthenticationResponse({
      response: input as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: input.id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64')),
        counter: storedCount,
        transports: transportsFromText(passkey.transports) as never,
      },
      requireUserVerification: true,
    })
  } catch (error) {
    throw new AppError('DENIED', 'passkey.verification_failed', {}, { cause: error })
  }
  if (!verification.verified) throw new AppError('DENIED', 'passkey.verification_failed')
  if (user.status !== UserStatus.enabled) throw new AppError('DENIED', 'auth.user_banned')
  const info = verification.authenticationInfo
  const recorded = await recordPasskeyUse(
    services.db,
    passkey.id,
    storedCount,
    { sign_count: info.newCounter, backup_state: info.credentialBackedUp, user_verified: info.userVerified },
    new Date()
  )
  if (!recorded) throw new AppError('DENIED', 'passkey.verification_failed')
  return toSessionUser(user)
}
