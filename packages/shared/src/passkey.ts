import { z } from 'zod'

/** The longest name a passkey may carry (the console's list shows it on one line). */
export const PASSKEY_NAME_MAX = 64

/** Message keys (see the server's and the console's message dictionaries) used by the passkey rules. */
export const passkeyRuleMessages = {
  nameRequired: 'passkey.name_required',
  nameTooLong: 'passkey.name_too_long',
  responseInvalid: 'passkey.response_invalid',
} as const

const passkeyName = z
  .string()
  .trim()
  .min(1, passkeyRuleMessages.nameRequired)
  .max(PASSKEY_NAME_MAX, passkeyRuleMessages.nameTooLong)

/** One passkey of the caller, as GET /api/user/passkey lists it. The public key never leaves the server. */
export interface PasskeyItem {
  id: number
  name: string
  /** unix seconds of the registration */
  created_at: number
  /** unix seconds of the last sign-in with it; null when never used */
  last_used_at: number | null
  /** the authenticator reported the credential as backed up (synced to other devices) */
  backup_state: boolean
}

/**
 * GET /api/user/passkey. `enabled` and `last_used_at` keep the reference system's shape (one passkey
 * per account there); `passkeys` lists every passkey, newest first.
 */
export interface PasskeyStatus {
  enabled: boolean
  last_used_at: number | null
  passkeys: PasskeyItem[]
}

/** Base64url strings of a WebAuthn response, capped so a caller cannot make the server decode megabytes. */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, passkeyRuleMessages.responseInvalid)

/**
 * POST /api/user/passkey/register/finish: the browser's registration response as
 * @simplewebauthn/browser returns it (the reference takes that JSON as the whole body), with an
 * optional name; without one the server names the passkey after the authenticator.
 */
export const passkeyRegisterFinishInput = z.looseObject({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(32768),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  name: z.string().trim().max(PASSKEY_NAME_MAX, passkeyRuleMessages.nameTooLong).optional(),
})
export type PasskeyRegisterFinishInput = z.input<typeof passkeyRegisterFinishInput>

/** POST /api/user/passkey/login/finish: the browser's authentication response. */
export const passkeyLoginFinishInput = z.looseObject({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(8192),
    signature: b64url(8192),
    userHandle: b64url(1024).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})
export type PasskeyLoginFinishInput = z.input<typeof passkeyLoginFinishInput>

/** PUT /api/user/passkey/:id */
export const renamePasskeyInput = z.object({ name: passkeyName })
export type RenamePasskeyInput = z.input<typeof renamePasskeyInput>

/**
 * POST /api/user/passkey/register/begin and /login/begin answer `{ options: { publicKey } }`, the
 * reference's shape; `publicKey` is the JSON form of the WebAuthn options that
 * @simplewebauthn/browser's startRegistration / startAuthentication take as `optionsJSON`.
 */
export interface PasskeyBeginResult<T> {
  options: { publicKey: T }
}
