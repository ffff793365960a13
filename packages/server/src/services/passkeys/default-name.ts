import { translate, type Language } from '../../i18n/messages.ts'

const systems: readonly [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['Android', /\bAndroid\b/],
  ['iPad', /\biPad\b/],
  ['iPhone', /\b(?:iPhone|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
]

/**
 * A name for a passkey registered without one: a security key is called so; otherwise the device
 * it was made on, read from the browser's user agent, so the owner can tell their passkeys apart.
 */
export function defaultPasskeyName(attachment: string | undefined, userAgent: string, language: Language): string {
  if (attachment === 'cross-platform') return translate('passkey.default_name_security_key', language)
  const device = systems.find(([, pattern]) => pattern.test(userAgent))?.[0]
  return device
    ? translate('passkey.default_name_on', language, { device })
    : translate('passkey.default_name', language)
}
