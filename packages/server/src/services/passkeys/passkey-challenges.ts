import { randomBytes } from 'node:crypto'
import {
  consumePasskeyChallenge,
  deleteExpiredPasskeyChallenges,
  insertPasskeyChallenge,
} from '../../db/queries/passkeys.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { challengeOf } from './passkey-encoding.ts'

/** How long a begun registration or sign-in may take; also the browser prompt's timeout. */
export const CHALLENGE_TTL_SECONDS = 5 * 60

export type ChallengePurpose = 'register' | 'login'

/** A fresh challenge, stored for one finish call by any instance; expired ones are swept on the way. */
export async function issueChallenge(services: Services, purpose: ChallengePurpose, userId: number): Promise<string> {
  const now = nowSeconds()
  await deleteExpiredPasskeyChallenges(services.db, now)
  const challenge = randomBytes(32).toString('base64url')
  await insertPasskeyChallenge(services.db, {
    challenge,
    purpose,
    user_id: userId,
    expires_at: now + CHALLENGE_TTL_SECONDS,
  })
  return challenge
}

/** The challenge as bytes: given a string, @simplewebauthn would encode its text rather than decode it. */
export const challengeBytes = (challenge: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Buffer.from(challenge, 'base64url'))

/**
 * Uses up the challenge a response answers and returns it. A challenge that is unknown, expired,
 * already used, for another purpose or (registration) for another user is refused.
 */
export async function consumeChallenge(
  services: Services,
  purpose: ChallengePurpose,
  userId: number,
  clientDataJSON: string
): Promise<string> {
  const challenge = challengeOf(clientDataJSON)
  if (!challenge || !(await consumePasskeyChallenge(services.db, challenge, purpose, userId, nowSeconds()))) {
    throw new AppError('BAD_REQUEST', 'passkey.challenge_invalid')
  }
  return challenge
}
