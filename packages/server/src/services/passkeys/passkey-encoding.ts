/**
 * The reference system keeps credential ids, public keys and AAGUIDs as standard base64 text;
 * WebAuthn JSON (and @simplewebauthn) speaks base64url and UUID strings. These convert between them.
 */
export const base64UrlToStd = (value: string): string => Buffer.from(value, 'base64url').toString('base64')
export const stdToBase64Url = (value: string): string => Buffer.from(value, 'base64').toString('base64url')

/** A UUID string ("adce0002-35bc-...") as the base64 of its 16 bytes. */
export const aaguidToStd = (uuid: string): string => Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64')

/** Transports as the reference stores them: a JSON array, or '' for none. */
export const transportsToText = (transports: readonly string[] | undefined): string =>
  transports && transports.length > 0 ? JSON.stringify(transports) : ''

export function transportsFromText(text: string): string[] | undefined {
  if (!text.trim()) return undefined
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : undefined
  } catch {
    return undefined
  }
}

/**
 * The challenge a response was made for, read from its clientDataJSON, so that the stored one can
 * be used up before the library checks the rest. Undefined when the data is not what a browser sends.
 */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    const challenge = (data as { challenge?: unknown }).challenge
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128 ? challenge : undefined
  } catch {
    return undefined
  }
}

/** The WebAuthn user handle: the user id in decimal, as the reference makes it, so its passkeys keep working. */
export const userHandleOf = (userId: number): Uint8Array<ArrayBuffer> => new TextEncoder().encode(String(userId))
