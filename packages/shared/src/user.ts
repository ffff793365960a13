import { z } from 'zod'
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from './constants.ts'

/** Message keys (see the server's and the console's message dictionaries) used by the shared rules. */
export const userRuleMessages = {
  usernameRequired: 'user.username_required',
  usernameTooLong: 'user.username_too_long',
  passwordTooShort: 'user.password_too_short',
  passwordTooLong: 'user.password_too_long',
  passwordMismatch: 'user.password_mismatch',
  displayNameTooLong: 'user.display_name_too_long',
} as const

const username = z
  .string()
  .trim()
  .min(1, userRuleMessages.usernameRequired)
  .max(USERNAME_MAX, userRuleMessages.usernameTooLong)
const password = z
  .string()
  .min(PASSWORD_MIN, userRuleMessages.passwordTooShort)
  .max(PASSWORD_MAX, userRuleMessages.passwordTooLong)

/** POST /api/setup */
export const setupInput = z
  .object({
    username,
    password,
    confirmPassword: z.string(),
    SelfUseModeEnabled: z.boolean().optional().default(false),
    DemoSiteEnabled: z.boolean().optional().default(false),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: userRuleMessages.passwordMismatch,
    path: ['confirmPassword'],
  })
export type SetupInput = z.input<typeof setupInput>

/** POST /api/user/login: `username` may also be the account's email. */
export const loginInput = z.object({
  username: z.string().trim().min(1, 'user.login_required'),
  password: z.string().min(1, 'user.login_required'),
})
export type LoginInput = z.infer<typeof loginInput>

/** POST /api/user/register */
export const registerInput = z
  .object({
    username,
    password,
    password2: z.string().optional(),
    email: z.string().trim().optional().default(''),
    verification_code: z.string().trim().optional().default(''),
    aff_code: z.string().trim().optional().default(''),
  })
  .refine((v) => v.password2 === undefined || v.password === v.password2, {
    message: userRuleMessages.passwordMismatch,
    path: ['password2'],
  })
export type RegisterInput = z.input<typeof registerInput>

/** PUT /api/user/self: own username, display name or password. */
export const updateSelfInput = z.object({
  username: username.optional(),
  display_name: z.string().trim().max(DISPLAY_NAME_MAX, userRuleMessages.displayNameTooLong).optional(),
  password: z.union([password, z.literal('')]).optional(),
  original_password: z.string().optional(),
})
export type UpdateSelfInput = z.infer<typeof updateSelfInput>

/** What login answers and what the console keeps as the local user. */
export interface SessionUser {
  id: number
  username: string
  display_name: string
  role: number
  status: number
  group: string
}

/** A user as the management page sees it (GET /api/user/:id and the list): no password hash, no settings. */
export interface AdminUser extends SessionUser {
  email: string
  quota: number
  used_quota: number
  request_count: number
  aff_code: string
  aff_count: number
  aff_quota: number
  aff_history_quota: number
  inviter_id: number
  github_id: string
  wechat_id: string
  telegram_id: string
  linux_do_id: string
  /** sign-in ids of providers we do not offer; always '' (the reference sends them) */
  discord_id: string
  oidc_id: string
  /** the reference's Stripe customer id; '' (no Stripe top-up here) */
  stripe_customer: string
  /** the notification settings JSON with the webhook secret left out */
  setting: string
  /** the admin's note on the account (the reference's `remark`) */
  remark: string
  /** unix seconds of registration, and of the last sign-in; 0 when unknown (accounts older than the columns) */
  created_at: number
  last_login_at: number
  password: ''
  /** unix seconds of cancellation; null for a live account (the reference's gorm DeletedAt) */
  DeletedAt: number | null
}

export const manageActions = ['promote', 'demote', 'enable', 'disable', 'delete'] as const
export type ManageAction = (typeof manageActions)[number]

/** GET /api/user/self: the full own row, password blank, secrets never included. */
export interface SelfUser extends SessionUser {
  email: string
  quota: number
  used_quota: number
  request_count: number
  aff_code: string
  aff_count: number
  aff_quota: number
  aff_history_quota: number
  inviter_id: number
  github_id: string
  wechat_id: string
  telegram_id: string
  linux_do_id: string
  /** sign-in ids of providers we do not offer; always '' (the reference sends them) */
  discord_id: string
  oidc_id: string
  /** the reference's Stripe customer id; '' (no Stripe top-up here) */
  stripe_customer: string
  setting: string
  /** the sidebar layout the user saved in the reference's console (its setting's `sidebar_modules`); '' when none */
  sidebar_modules: string
  permissions: ConsolePermissions
  password: ''
}

/** A resource's actions and whether the caller may take each (the reference's admin_permissions). */
export type ActionPermissions = Record<string, boolean>

/**
 * What the console may show the caller, as the reference computes it from the role: whether the
 * sidebar can be customised, which sidebar areas are closed (`admin: false` for users), and per
 * resource what the caller may do.
 */
export interface ConsolePermissions {
  sidebar_settings: boolean
  sidebar_modules: Record<string, unknown>
  admin_permissions: Record<string, ActionPermissions>
}
