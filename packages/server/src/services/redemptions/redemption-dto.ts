import type { Redemption } from '@gateway/shared'
import type { RedemptionRow } from '../../db/queries/redemptions.ts'

/**
 * A code as the console sees it: deleted_at is internal (deleted codes are never answered).
 * `count` is the reference's create-form field, which it echoes as 0 on every code.
 */
export const toRedemption = ({ deleted_at: _deleted, ...row }: RedemptionRow): Redemption => ({ ...row, count: 0 })
