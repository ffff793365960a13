import { AppError } from '../../errors/app-error.ts'
import type { OptionStore } from '../options/option-store.ts'

// Deliberately plain: one @, something before it, a dotted domain after it, no spaces. The mail
// server is the real judge; this only refuses what can never be delivered.
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/

/** Lower-cased, trimmed address, or undefined when it is not an address at all. */
export function normaliseEmail(raw: string | undefined): string | undefined {
  const email = (raw ?? '').trim().toLowerCase()
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : undefined
}

/**
 * The registration rules of the options: a domain whitelist when EmailDomainRestrictionEnabled,
 * and no "+" or "." in the local part when EmailAliasRestrictionEnabled (the ways one mailbox
 * gets many addresses). Returns the normalised address.
 */
export function checkEmailAllowed(options: OptionStore, raw: string | undefined): string {
  const email = normaliseEmail(raw)
  if (!email) throw new AppError('BAD_REQUEST', 'account.email_invalid')
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  if (options.bool('EmailDomainRestrictionEnabled')) {
    const allowed = options
      .get('EmailDomainWhitelist')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean)
    if (!allowed.includes(domain)) throw new AppError('BAD_REQUEST', 'account.email_domain_not_allowed')
  }
  if (options.bool('EmailAliasRestrictionEnabled') && /[+.]/.test(local)) {
    throw new AppError('BAD_REQUEST', 'account.email_alias_not_allowed')
  }
  return email
}
