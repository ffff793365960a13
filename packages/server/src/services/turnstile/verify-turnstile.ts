import { AppError } from '../../errors/app-error.ts'
import { policyFor } from '../../lib/outbound/address-policy.ts'
import { guardedFetch } from '../../lib/outbound/guarded-fetch.ts'
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
  const body = new URLSearchParams({
    secret: services.options.get('TurnstileSecretKey'),
    response: token,
    remoteip: clientIp,
  })
  let success = false
  try {
    // Through the one outbound guard like every other server-side call, even to a fixed address.
    const response = await guardedFetch(
      SITEVERIFY_URL,
      { method: 'POST', body },
      { policy: policyFor(services.options, 'user'), timeoutMs: 5000, maxRedirects: 0, maxBytes: 64 * 1024 }
    )
    success = response.ok && ((await response.json()) as { success?: boolean }).success === true
  } catch (error) {
    services.logger.warn({ err: String(error) }, 'turnstile verification failed to complete')
  }
  if (!success) throw new AppError('DENIED', 'auth.turnstile_failed')
}
