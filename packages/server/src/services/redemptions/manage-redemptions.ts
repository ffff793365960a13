import { randomBytes } from 'node:crypto'
import {
  formatQuota,
  redemptionExpiryPassed,
  RedemptionStatus,
  type CreateRedemptionInput,
  type Redemption,
  type UpdateRedemptionInput,
  type UpdateRedemptionStatusInput,
} from '@gateway/shared'
import {
  insertRedemptions,
  setRedemptionStatus,
  softDeleteInvalidRedemptions,
  softDeleteRedemptions,
  updateUnusedRedemption,
} from '../../db/queries/redemptions.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import type { Services } from '../container.ts'
import { requireRedemption } from './list-redemptions.ts'
import { toRedemption } from './redemption-dto.ts'

/**
 * 128 bits from the CSPRNG as 32 hex characters. The code is stored in clear: it is a bearer code
 * the admin hands out and must be able to copy again; the unique index catches the (2^-64) clash.
 */
const newRedemptionKey = (): string => randomBytes(16).toString('hex')

/** An expiry already past would make a code no one can redeem; 0 is "never". */
function assertExpiryAhead(expired: number, now: number): void {
  if (redemptionExpiryPassed(expired, now)) throw new AppError('BAD_REQUEST', 'redemption.expired_time_invalid')
}

/** POST /api/redemption/: creates `count` codes and answers their keys in creation order. */
export async function createRedemptions(
  services: Services,
  creatorId: number,
  input: CreateRedemptionInput
): Promise<string[]> {
  const { options } = services
  const display = {
    quotaPerUnit: options.number('QuotaPerUnit'),
    displayInCurrency: options.bool('DisplayInCurrencyEnabled'),
  }
  const name = input.name || formatQuota(input.quota, display)
  const now = nowSeconds()
  assertExpiryAhead(input.expired_time, now)
  const keys = Array.from({ length: input.count }, newRedemptionKey)
  await insertRedemptions(
    services.db,
    keys.map((key) => ({
      user_id: creatorId,
      key,
      name,
      quota: input.quota,
      status: RedemptionStatus.unused,
      created_time: now,
      expired_time: input.expired_time,
    }))
  )
  return keys
}

/** PUT /api/redemption/: name and quota, only while the code is unused. */
export async function updateRedemption(services: Services, input: UpdateRedemptionInput): Promise<Redemption> {
  const current = await requireRedemption(services, input.id)
  const changes: { name?: string; quota?: number; expired_time?: number } = {}
  if (input.name) changes.name = input.name
  if (input.quota !== undefined && input.quota !== null) changes.quota = input.quota
  if (input.expired_time !== undefined && input.expired_time !== null) {
    assertExpiryAhead(input.expired_time, nowSeconds())
    changes.expired_time = input.expired_time
  }
  if (current.status !== RedemptionStatus.unused) throw new AppError('CONFLICT', 'redemption.only_unused_editable')
  if (Object.keys(changes).length > 0 && !(await updateUnusedRedemption(services.db, input.id, changes))) {
    // Redeemed or disabled between the read and the write.
    throw new AppError('CONFLICT', 'redemption.only_unused_editable')
  }
  return toRedemption(await requireRedemption(services, input.id))
}

/** PUT /api/redemption/?status_only=true: 1 or 2; a used code keeps status 3 for ever. */
export async function updateRedemptionStatus(
  services: Services,
  input: UpdateRedemptionStatusInput
): Promise<Redemption> {
  const current = await requireRedemption(services, input.id)
  if (current.status === RedemptionStatus.used || !(await setRedemptionStatus(services.db, input.id, input.status))) {
    throw new AppError('CONFLICT', 'redemption.used_status_locked')
  }
  return toRedemption(await requireRedemption(services, input.id))
}

/** DELETE /api/redemption/:id (soft: the row stays for the record of who redeemed what). */
export async function deleteRedemption(services: Services, id: number): Promise<void> {
  await requireRedemption(services, id)
  await softDeleteRedemptions(services.db, [id])
}

/** POST /api/redemption/batch: answers how many codes were deleted. */
/**
 * DELETE /api/redemption/invalid: clears the used and disabled codes and the unused ones past their
 * expiry time, answering how many (the reference's "clear invalid codes").
 */
export const deleteInvalidRedemptions = (services: Services): Promise<number> =>
  softDeleteInvalidRedemptions(services.db, nowSeconds())

export const deleteRedemptions = (services: Services, ids: number[]): Promise<number> =>
  softDeleteRedemptions(services.db, [...new Set(ids)])
