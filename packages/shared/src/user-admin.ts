import { z } from 'zod'
import { DISPLAY_NAME_MAX, MAX_QUOTA, PASSWORD_MAX, PASSWORD_MIN, Role, USERNAME_MAX } from './constants.ts'
import { pageQuery, searchText } from './pagination.ts'
import { manageActions, userRuleMessages } from './user.ts'

/** Payloads of the admin user calls (POST, PUT /api/user/, POST /api/user/manage) and their answers. */

const username = z
  .string()
  .trim()
  .min(1, userRuleMessages.usernameRequired)
  .max(USERNAME_MAX, userRuleMessages.usernameTooLong)
const password = z
  .string()
  .min(PASSWORD_MIN, userRuleMessages.passwordTooShort)
  .max(PASSWORD_MAX, userRuleMessages.passwordTooLong)
const displayName = z.string().trim().max(DISPLAY_NAME_MAX, userRuleMessages.displayNameTooLong)
const id = z.coerce.number().int().min(1).max(2_147_483_647)

/**
 * Quota as stored: a whole number from 0 up to MAX_QUOTA. The console's "add quota" dialog sends
 * the new total, so an addition (or a subtraction below 0) that would leave the bounds is refused here.
 */
export const quotaValue = z
  .number({ error: 'users.quota_invalid' })
  .int('users.quota_invalid')
  .min(0, 'users.quota_invalid')
  .max(MAX_QUOTA, 'users.quota_too_large')

/** GET /api/user/ and /api/user/search */
export const listUsersQuery = pageQuery.extend({
  keyword: searchText,
  group: searchText,
})
export type ListUsersQuery = z.infer<typeof listUsersQuery>

/** POST /api/user/: the reference takes username, password and display name; a role below the caller's is also accepted. */
export const createUserInput = z.object({
  username,
  password,
  display_name: displayName.optional().default(''),
  role: z
    .union([z.literal(Role.user), z.literal(Role.admin)], { error: 'users.role_invalid' })
    .optional()
    .default(Role.user),
})
export type CreateUserInput = z.infer<typeof createUserInput>
/** What the console sends: display name and role may be left out. */
export type CreateUserRequest = z.input<typeof createUserInput>

/** PUT /api/user/: password optional ('' keeps it); role is not edited here (promote/demote do that). */
export const updateUserInput = z.object({
  id,
  username,
  display_name: displayName.optional(),
  group: z.string().trim().min(1, 'users.group_invalid').max(64, 'users.group_invalid').optional(),
  quota: quotaValue.optional(),
  password: z.union([password, z.literal('')]).optional(),
})
export type UpdateUserInput = z.infer<typeof updateUserInput>

/** POST /api/user/manage */
export const manageUserInput = z.object({
  id,
  action: z.enum(manageActions, { error: 'users.invalid_action' }),
})

/** POST /api/user/manage: the role and status the account has now; the table shows them without reloading. */
export interface ManageUserResult {
  role: number
  status: number
}
