import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser'

/** Whether this browser can create and use passkeys at all (WebAuthn in a secure context). */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn()

/**
 * What went wrong in a browser passkey prompt, for a message a person can act on:
 * - cancelled: the prompt was closed, timed out or refused (browsers do not tell these apart);
 * - exists: this authenticator already holds a passkey of the account;
 * - failed: anything else, with the browser's or server's message.
 */
export type PasskeyFailure = { kind: 'cancelled' } | { kind: 'exists' } | { kind: 'failed'; message: string }

export function describePasskeyFailure(error: unknown): PasskeyFailure {
  // The library wraps the browser's DOMException (its cause); some environments' DOMException is no Error.
  const cause = error instanceof WebAuthnError && error.cause ? error.cause : error
  const name =
    typeof cause === 'object' && cause !== null && typeof (cause as { name?: unknown }).name === 'string'
      ? (cause as { name: string }).name
      : ''
  if (name === 'NotAllowedError' || name === 'AbortError') return { kind: 'cancelled' }
  if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') return { kind: 'cancelled' }
  if (
    name === 'InvalidStateError' ||
    (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
  ) {
    return { kind: 'exists' }
  }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
}
