import { z } from 'zod'
import { BATCH_IDS_MAX, MAX_QUOTA } from './constants.ts'
import { pageQuery, searchText } from './pagination.ts'

export const REDEMPTION_NAME_MAX = 20
/** Most codes one POST /api/redemption/ creates. */
export const REDEMPTION_COUNT_MAX = 100
/** Defaults of the console's create form. */
export const REDEMPTION_DEFAULT_QUOTA = 100_000
/** Codes are 32 lowercase hex characters (128 random bits). */
export const REDEMPTION_KEY_LENGTH = 32

/** Message keys (see the server's and the console's message dictionaries) used by the redemption rules. */
export const redemptionRuleMessages = {
  nameLength: 'redemption.name_length',
  quotaInvalid: 'redemption.quota_invalid',
  quotaTooLarge: 'redemption.quota_too_large',
  countInvalid: 'redemption.count_invalid',
  statusInvalid: 'redemption.status_invalid',
  selectAtLeastOne: 'redemption.select_at_least_one',
  expiredTimeInvalid: 'redemption.expired_time_invalid',
} as const
const m = redemptionRuleMessages

/** A redemption code as the admin console sees it (the key in clear: it is a code to hand out). */
export const redemptionSchema = z.object({
  id: z.number(),
  /** the admin who created it */
  user_id: z.number(),
  key: z.string(),
  /** 1 unused, 2 disabled, 3 used */
  status: z.number(),
  name: z.string(),
  quota: z.number(),
  created_time: z.number(),
  /** Unix seconds; 0 until redeemed */
  redeemed_time: z.number(),
  /** 0 until redeemed */
  used_user_id: z.number(),
  /** Unix seconds after which the code can no longer be redeemed; 0 never expires */
  expired_time: z.number(),
  /** the reference's create-form field, always 0 on a code */
  count: z.number(),
})
export type Redemption = z.infer<typeof redemptionSchema>

/** Counted in characters (not bytes), like the reference's rune count; blank means "use the default". */
const name = z
  .string({ error: m.nameLength })
  .trim()
  .refine((value) => [...value].length <= REDEMPTION_NAME_MAX, m.nameLength)
const quota = z
  .number({ error: m.quotaInvalid })
  .int(m.quotaInvalid)
  .min(1, m.quotaInvalid)
  // A code worth more than any balance may hold could never be redeemed (see MAX_QUOTA).
  .max(MAX_QUOTA, m.quotaTooLarge)

/**
 * Unix seconds after which a code is refused, 0 (or absent) for never. A time already past is
 * refused when a code is created or edited, as the reference does; the server checks it against
 * its own clock (see redemptionExpiryPassed).
 */
const expiredTime = z.number({ error: m.expiredTimeInvalid }).int(m.expiredTimeInvalid).min(0, m.expiredTimeInvalid)

/** True when a code with this expiry can no longer be redeemed at `now` (unix seconds). */
export const redemptionExpiryPassed = (expired: number, now: number): boolean => expired !== 0 && expired < now

/** POST /api/redemption/: `name` blank or absent becomes the formatted quota. */
export const createRedemptionInput = z.object({
  name: name.nullish().transform((value) => value ?? ''),
  quota,
  count: z
    .number({ error: m.countInvalid })
    .int(m.countInvalid)
    .min(1, m.countInvalid)
    .max(REDEMPTION_COUNT_MAX, m.countInvalid)
    .default(1),
  expired_time: expiredTime.nullish().transform((value) => value ?? 0),
})
export type CreateRedemptionInput = z.infer<typeof createRedemptionInput>

/** PUT /api/redemption/: name, quota and expiry of an unused code; a blank name (or an absent field) keeps the stored one. */
export const updateRedemptionInput = z.object({
  id: z.number().int().positive(),
  name: name.nullish(),
  quota: quota.nullish(),
  expired_time: expiredTime.nullish(),
})
export type UpdateRedemptionInput = z.infer<typeof updateRedemptionInput>

/** PUT /api/redemption/?status_only=true: enable (1) or disable (2); a used code (3) never changes. */
export const updateRedemptionStatusInput = z.object({
  id: z.number().int().positive(),
  status: z.number({ error: m.statusInvalid }).refine((s) => s === 1 || s === 2, m.statusInvalid),
})
export type UpdateRedemptionStatusInput = z.infer<typeof updateRedemptionStatusInput>

/** POST /api/redemption/batch: the codes to delete. */
export const redemptionIdsInput = z.object({
  ids: z.preprocess(
    (value) => value ?? [],
    z.array(z.number().int().positive()).min(1, m.selectAtLeastOne).max(BATCH_IDS_MAX)
  ),
})
export type RedemptionIdsInput = z.infer<typeof redemptionIdsInput>

/** GET /api/redemption/search: `keyword` is an exact id when numeric, or the start of a name. */
export const searchRedemptionsQuery = pageQuery.extend({ keyword: searchText })
export type SearchRedemptionsQuery = z.infer<typeof searchRedemptionsQuery>
