/** Roles as stored in users.role; anything else is shown as 'unknown'. */
export const Role = { guest: 0, user: 1, admin: 10, root: 100 } as const
export type RoleValue = (typeof Role)[keyof typeof Role]

export const isAdminRole = (role: number): boolean => role >= Role.admin
export const isRootRole = (role: number): boolean => role >= Role.root

/** users.status: 3 is a special state that can never be enabled again. */
export const UserStatus = { enabled: 1, disabled: 2, special: 3 } as const

export const TokenStatus = { enabled: 1, disabled: 2, expired: 3, exhausted: 4 } as const

export const ChannelStatus = { unknown: 0, enabled: 1, manuallyDisabled: 2, autoDisabled: 3 } as const

export const RedemptionStatus = { unused: 1, disabled: 2, used: 3 } as const

/** logs.type */
export const LogType = { unknown: 0, topUp: 1, consume: 2, manage: 3, system: 4, error: 5, refund: 6 } as const

/** Console paging: the default size and the sizes a user may pick. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 10
export const MAX_PAGE_SIZE = 100
/** Most ids one batch call (delete, tag) may name. */
export const BATCH_IDS_MAX = 1000

/** Mobile layout below this width (px). */
export const MOBILE_WIDTH = 600
export const SIDEBAR_WIDTH = { collapsed: 60, expanded: 200 } as const

export const USERNAME_MAX = 12
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 20
export const DISPLAY_NAME_MAX = 20

/** Header that must carry the authenticated user's id on every console call. */
export const USER_ID_HEADER = 'New-Api-User'

export const DEFAULT_QUOTA_PER_UNIT = 500_000

/**
 * The largest balance any account or token may hold (users.quota, users.aff_quota,
 * tokens.remain_quota): 10^15 quota, $2,000,000,000 at DEFAULT_QUOTA_PER_UNIT, far above any real
 * balance. Every credit checks `balance <= MAX_QUOTA - amount` in the same UPDATE that adds it.
 * Why not 2^53 itself: a balance read above 2^53 cannot be held exactly by a JavaScript number
 * (node:sqlite refuses to read it at all), and a refund of a held amount lands on top of a balance
 * that may already be at the cap; with the cap at 10^15 even that sum (at most 2 × 10^15) stays
 * more than four times below 2^53 ≈ 9.007 × 10^15, so every balance and every sum the server
 * computes from one is exact.
 */
export const MAX_QUOTA = 1_000_000_000_000_000
