import { z } from 'zod'
import { BATCH_IDS_MAX, MAX_QUOTA } from './constants.ts'
import { splitCommaList, splitLines, textColumn, uniqueItems } from './lists.ts'
import { pageQuery, searchText } from './pagination.ts'

export const TOKEN_NAME_MAX = 30
/** Keys are `sk-` and 48 characters of [0-9a-zA-Z]. */
export const TOKEN_KEY_PREFIX = 'sk-'
export const TOKEN_KEY_LENGTH = 48
/** The group value that lets the relay pick a group from the AutoGroups option. */
export const AUTO_GROUP = 'auto'
/** The latest expiry a token may carry: 9999-12-31T23:59:59Z. */
export const TOKEN_EXPIRY_MAX = 253_402_300_799

/** Message keys (see the server's and the console's message dictionaries) used by the token rules. */
export const tokenRuleMessages = {
  nameTooLong: 'token.name_too_long',
  quotaInvalid: 'token.quota_invalid',
  quotaTooLarge: 'token.quota_too_large',
  expiredTimeInvalid: 'token.expired_time_invalid',
  statusInvalid: 'token.status_invalid',
  selectAtLeastOne: 'token.select_at_least_one',
  keysBatchTooMany: 'token.keys_batch_too_many',
} as const

/**
 * A token as its owner sees it. `key` is masked (`sk-` then the first and last four characters
 * around ten asterisks): lists and lookups never carry a usable key. The full key comes only from
 * POST /api/token/:id/key and POST /api/token/batch/keys (and once, in the creation answer).
 */
export const tokenSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  key: z.string(),
  /** 1 enabled, 2 disabled, 3 expired, 4 exhausted */
  status: z.number(),
  created_time: z.number(),
  accessed_time: z.number(),
  /** Unix seconds; -1 never expires */
  expired_time: z.number(),
  remain_quota: z.number(),
  used_quota: z.number(),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  /** comma-separated model names */
  model_limits: z.string(),
  /** newline-separated IPs or CIDR ranges; empty allows every address */
  allow_ips: z.string(),
  group: z.string(),
  /** group `auto` only: when every channel of one auto group failed, the request goes on in the next one */
  cross_group_retry: z.boolean(),
  /** the reference's per-token auto groups; null: an 'auto' token picks from the AutoGroups option */
  auto_groups: z.array(z.string()).nullable(),
})
export type Token = z.infer<typeof tokenSchema>

const name = z.string().trim().max(TOKEN_NAME_MAX, tokenRuleMessages.nameTooLong)
const remainQuota = z
  .number({ error: tokenRuleMessages.quotaInvalid })
  .int(tokenRuleMessages.quotaInvalid)
  .min(0, tokenRuleMessages.quotaInvalid)
  // No token may hold more than any balance may (see MAX_QUOTA).
  .max(MAX_QUOTA, tokenRuleMessages.quotaTooLarge)
const expiredTime = z
  .number({ error: tokenRuleMessages.expiredTimeInvalid })
  .int(tokenRuleMessages.expiredTimeInvalid)
  .refine((value) => value === -1 || (value >= 0 && value <= TOKEN_EXPIRY_MAX), tokenRuleMessages.expiredTimeInvalid)
/** Comma list, trimmed, without empties or repeats. */
const modelLimits = textColumn().transform((value) => uniqueItems(splitCommaList(value)).join(','))
/** One entry a line (commas also separate), trimmed, without empties or repeats; each entry is checked by the server. */
const allowIps = textColumn().transform((value) => uniqueItems(splitLines(value.replaceAll(',', '\n'))).join('\n'))
const group = z.string().trim().max(64)

/**
 * POST /api/token/. Only these fields are read: user, key, status and used quota never come
 * from the body.
 */
export const createTokenInput = z.object({
  name: name.default(''),
  remain_quota: remainQuota.default(0),
  unlimited_quota: z.boolean().default(false),
  expired_time: expiredTime.default(-1),
  model_limits_enabled: z.boolean().default(false),
  model_limits: modelLimits.default(''),
  allow_ips: allowIps.default(''),
  group: group.default(''),
  /** kept only with the group `auto`; any other group stores false, as the reference does */
  cross_group_retry: z.boolean().default(false),
})
export type CreateTokenInput = z.infer<typeof createTokenInput>

/** PUT /api/token/: the fields given are changed, the others kept. */
export const updateTokenInput = z.object({
  id: z.number().int().positive(),
  name: name.optional(),
  remain_quota: remainQuota.optional(),
  unlimited_quota: z.boolean().optional(),
  expired_time: expiredTime.optional(),
  model_limits_enabled: z.boolean().optional(),
  model_limits: modelLimits.optional(),
  allow_ips: allowIps.optional(),
  group: group.optional(),
  cross_group_retry: z.boolean().optional(),
})
export type UpdateTokenInput = z.infer<typeof updateTokenInput>

/** PUT /api/token/?status_only=true: a user may only enable (1) or disable (2) a token. */
export const updateTokenStatusInput = z.object({
  id: z.number().int().positive(),
  status: z
    .number({ error: tokenRuleMessages.statusInvalid })
    .refine((s) => s === 1 || s === 2, tokenRuleMessages.statusInvalid),
})
export type UpdateTokenStatusInput = z.infer<typeof updateTokenStatusInput>

/** POST /api/token/batch: the tokens to delete. */
export const tokenIdsInput = z.object({
  ids: z.preprocess(
    (value) => value ?? [],
    z.array(z.number().int().positive()).min(1, tokenRuleMessages.selectAtLeastOne).max(BATCH_IDS_MAX)
  ),
})
export type TokenIdsInput = z.infer<typeof tokenIdsInput>

/** POST /api/token/batch/keys takes at most this many ids, as the reference does. */
export const TOKEN_KEYS_BATCH_MAX = 100

/** POST /api/token/batch/keys: the tokens whose full keys to return (the caller's own only). */
export const tokenKeysInput = z.object({
  ids: z.preprocess(
    (value) => value ?? [],
    z
      .array(z.number().int().positive())
      .min(1, tokenRuleMessages.selectAtLeastOne)
      .max(TOKEN_KEYS_BATCH_MAX, tokenRuleMessages.keysBatchTooMany)
  ),
})
export type TokenKeysInput = z.infer<typeof tokenKeysInput>

/** POST /api/token/:id/key: the full key of one own token, without `sk-` as the reference answers it. */
export interface TokenKey {
  key: string
}

/** POST /api/token/batch/keys: full keys (without `sk-`) by token id; ids that are not the caller's are absent. */
export interface TokenKeys {
  keys: Record<string, string>
}

/** GET /api/token/search: `keyword` is part of a name; `token` is a whole key (with or without `sk-`). */
export const searchTokensQuery = pageQuery.extend({ keyword: searchText, token: searchText })
export type SearchTokensQuery = z.infer<typeof searchTokensQuery>
