import { z } from 'zod'

/** PUT /api/user/setting. Loose types here; the server checks the rules (and their messages) in a fixed order. */
export const notifySettingInput = z.object({
  notify_type: z.string().optional().default(''),
  quota_warning_threshold: z.union([z.number(), z.string()]).optional(),
  webhook_url: z.string().trim().max(2048, 'personal.webhook_url_invalid').optional().default(''),
  /** Omitted: keep the stored secret (it is never sent back, so the form cannot echo it). '' removes it. */
  webhook_secret: z.string().max(256, 'personal.webhook_secret_too_long').optional(),
  notification_email: z.string().trim().max(254, 'personal.notification_email_invalid').optional().default(''),
  accept_unset_model_ratio_model: z.boolean().optional(),
})
export type NotifySettingInput = z.output<typeof notifySettingInput>
/** What the console sends. */
export type NotifySettingRequest = z.input<typeof notifySettingInput>

/**
 * The `setting` JSON text of GET /api/user/self, parsed: the webhook secret is a credential of the
 * user's receiver, so only whether one is set goes out.
 */
export interface PublicUserSetting {
  notify_type?: string
  quota_warning_threshold?: number
  webhook_url?: string
  webhook_secret_set?: boolean
  notification_email?: string
  accept_unset_model_ratio_model?: boolean
}

/** POST /api/user/aff_transfer: invite reward to move into spendable quota. */
export const affTransferInput = z.object({ quota: z.number({ message: 'personal.transfer_integer' }) })
export type AffTransferInput = z.infer<typeof affTransferInput>

/** POST /api/user/topup: a redemption code to redeem; answers the quota added. */
export const redeemCodeInput = z.object({ key: z.string().max(128).default('') })
export type RedeemCodeRequest = z.input<typeof redeemCodeInput>

/** POST /api/user/reset: the emailed link's address and token; answers the new random password. */
export const resetConfirmInput = z.object({
  email: z.string().max(254).default(''),
  token: z.string().max(128).default(''),
})
export type ResetConfirmRequest = z.input<typeof resetConfirmInput>

/** GET /api/user/groups and /api/user/self/groups: each usable group that has a ratio, by name. */
export interface UsableGroupInfo {
  ratio: number
  desc: string
}
