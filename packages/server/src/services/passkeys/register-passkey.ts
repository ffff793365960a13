import type { passkeyRegisterFinishInput } from '@gateway/shared'
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { z } from 'zod'
import type { AuthUser } from '../../context.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { findPasskeyByCredentialId, insertPasskey, listUserPasskeys } from '../../db/queries/passkeys.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Language } from '../../i18n/messages.ts'
import type { Services } from '../container.ts'
import { defaultPasskeyName } from './default-name.ts'
import { CHALLENGE_TTL_SECONDS, challengeBytes, consumeChallenge, issueChallenge } from './passkey-challenges.ts'
import {
  aaguidToStd,
  base64UrlToStd,
  stdToBase64Url,
  transportsFromText,
  transportsToText,
  userHandleOf,
} from './passkey-encoding.ts'
import type { RelyingParty } from './relying-party.ts'

/**
 * EdDSA, ES256 and RS256: what authenticators commonly make and the reference system verifies too.
 * (Left to itself the library also offers ML-DSA-44 where Node has it, which some browsers then
 * pick, leaving passkeys a taken-back reference deployment could not check.)
 */
const SUPPORTED_ALGORITHMS = [-8, -7, -257]

/** Enough for every device a person uses, few enough that the list stays a list. */
export const PASSKEYS_PER_USER_MAX = 20

/**
 * Options for the browser to create a passkey: a discoverable credential (so sign-in needs no
 * username) with user verification, and the user's existing passkeys excluded so one
 * authenticator is not registered twice.
 */
export async function beginPasskeyRegistration(
  services: Services,
  user: AuthUser,
  rp: RelyingParty
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listUserPasskeys(services.db, user.id)
  if (existing.length >= PASSKEYS_PER_USER_MAX)
    throw new AppError('CONFLICT', 'passkey.too_many', { max: PASSKEYS_PER_USER_MAX })
  const challenge = await issueChallenge(services, 'register', user.id)
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userID: userHandleOf(user.id),
    userName: user.username,
    userDisplayName: user.display_name || user.username,
    challenge: challengeBytes(challenge),
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    excludeCredentials: existing.map((row) => ({
      id: stdToBase64Url(row.credential_id),
      transports: transportsFromText(row.transports),
    })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  })
}

/** Checks the browser's answer against the stored challenge and this site, then keeps the passkey. */
export async function finishPasskeyRegistration(
  services: Services,
  user: AuthUser,
  rp: RelyingParty,
  input: z.output<typeof passkeyRegisterFinishInput>,
  device: { userAgent: string; language: Language }
): Promise<number> {
  const expectedChallenge = await consumeChallenge(services, 'register', user.id, input.response.clientDataJSON)
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verification = await verifyRegistrationResponse({
      response: input as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    })
  } catch (error) {
    throw new AppError('BAD_REQUEST', 'passkey.verification_failed', {}, { cause: error })
  }
  if (!verification.verified) throw new AppError('BAD_REQUEST', 'passkey.verification_failed')
  const info = verification.registrationInfo
  const credentialId = base64UrlToStd(info.credential.id)
  if (await findPasskeyByCredentialId(services.db, credentialId))
    throw new AppError('CONFLICT', 'passkey.already_registered')
  const name = input.name || defaultPasskeyName(input.authenticatorAttachment, device.userAgent, device.language)
  try {
    return await insertPasskey(
      services.db,
      services.dialect,
      {
        user_id: user.id,
        credential_id: credentialId,
        public_key: Buffer.from(info.credential.publicKey).toString('base64'),
        attestation_type: info.fmt,
        aaguid: aaguidToStd(info.aaguid),
        sign_count: info.credential.counter,
        clone_warning: false,
        user_present: true,
        user_verified: info.userVerified,
        backup_eligible: info.credentialDeviceType === 'multiDevice',
        backup_state: info.credentialBackedUp,
        transports: transportsToText(info.credential.transports ?? input.response.transports),
        attachment: input.authenticatorAttachment ?? '',
        name,
      },
      new Date()
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'passkey.already_registered', {}, { cause: error })
    throw error
  }
}
