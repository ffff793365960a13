import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'

const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'

/**
 * The human check on login, register and verification when TurnstileCheckEnabled is on.
 * The verification endpoint is a fixed public address, never one a user supplies.
 * @see https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 */
export async function verifyTurnstile(services: Services, token: string | undefined, clientIp: string): Promise<void> {
  if (!services.options.bool('TurnstileCheckEnabled')) return
  if (!token) throw new AppError('BAD_REQUEST', 'auth.turnstile_required')
  const body = new URLSearchParams({ secret: services.options.get('TurnstileSecretKey'), response: token, remoteip: clientIp })
  let success = false
  try {
    const response = await fetch(SITEVERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5000), redirect: 'error' })
    success = response.ok && ((await response.json()) as { success?: boolean }).success === true
  } catch (error) {
    services.logger.warn({ err: String(error) }, 'turnstile verification failed to complete')
  }
  if (!success) throw new AppError('FORBIDDEN', 'auth.turnstile_failed')
}
