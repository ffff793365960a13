import { generateSecret, generateURI, verify } from 'otplib'

/** RFC 6238 with the parameters every authenticator app assumes: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30

/** A fresh base32 secret of 160 bits (RFC 4226 §4 recommends at least 128). */
export const newTotpSecret = (): string => generateSecret({ length: 20 })

/**
 * The otpauth:// URI an authenticator scans.
 * @see https://github.com/google/google-authenticator/wiki/Key-Uri-Format
 */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  generateURI({ issuer, label: account, secret })

export const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(code)

/**
 * The time step a 6-digit code belongs to, when it is one of the steps next to now (one step of
 * clock drift either way, RFC 6238 §5.2) and later than `afterStep`; undefined otherwise.
 */
export async function matchTotpStep(secret: string, code: string, afterStep: number): Promise<number | undefined> {
  if (!looksLikeTotpCode(code)) return undefined
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOTP_PERIOD_SECONDS, afterTimeStep: afterStep })
    // The functional verify also serves HOTP, whose result has no time step.
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  } catch {
    // A malformed stored secret is a code that cannot match, not a server error.
    return undefined
  }
}
