import type { LoginAnswer, LoginInput, RegisterInput, ResetConfirmRequest, SessionUser } from '@gateway/shared'
import { api } from '@/lib/api-client'

// Bad credentials may come back as 401; on these screens that is a form error, not an expired session.
const authCall = { skipSessionExpiry: true } as const

/** The user, or `{require_2fa: true}` when the account has 2FA on (the code goes to loginWithCode). */
export function login(input: LoginInput, turnstile: string): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/api/user/login', input, { ...authCall, query: { turnstile } })
}

/** The second step of a sign-in: a TOTP or backup code for the sign-in the server holds (its cookie). */
export function loginWithCode(code: string): Promise<SessionUser> {
  return api.post<SessionUser>('/api/user/login/2fa', { code }, authCall)
}

export function register(input: RegisterInput, turnstile: string): Promise<unknown> {
  return api.post('/api/user/register', input, { ...authCall, query: { turnstile } })
}

export function sendVerificationCode(email: string, turnstile: string): Promise<unknown> {
  return api.get('/api/verification', { ...authCall, query: { email, turnstile } })
}

/** A one-time state for the OAuth round trip; carries the invite code so a new account is credited. */
export function getOAuthState(aff: string | null): Promise<string> {
  return api.get<string>('/api/oauth/state', { ...authCall, query: { aff: aff || undefined } })
}

export function loginWithWeChat(code: string): Promise<LoginAnswer> {
  return api.get<LoginAnswer>('/api/oauth/wechat', { ...authCall, query: { code } })
}

export type TelegramAuthData = Record<string, string | number>

export function loginWithTelegram(data: TelegramAuthData): Promise<LoginAnswer> {
  return api.get<LoginAnswer>('/api/oauth/telegram/login', { ...authCall, query: data })
}

/** Mails a reset link; the answer is the same whether or not the address has an account. */
export function requestPasswordReset(email: string, turnstile: string): Promise<unknown> {
  return api.get('/api/reset_password', { ...authCall, query: { email, turnstile } })
}

/** Uses the link's token once; the server answers with the new random password. */
export function confirmPasswordReset(email: string, token: string): Promise<string> {
  return api.post<string>('/api/user/reset', { email, token } satisfies ResetConfirmRequest, authCall)
}
