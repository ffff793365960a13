import { Role, type ConsolePermissions, type SelfUser, type UpdateSelfInput } from '@gateway/shared'
import { isUniqueViolation } from '../../db/errors.ts'
import { deleteUserSessions } from '../../db/queries/sessions.ts'
import { cancelUser, findUserById, isUsernameTaken, updateUserFields, type UserRow } from '../../db/queries/users.ts'
import { AppError } from '../../errors/app-error.ts'
import { randomAlphanumeric } from '../../lib/crypto.ts'
import type { Services } from '../container.ts'
import { endOtherSignIns } from '../sessions/manage-sessions.ts'
import { storedAccessToken } from './access-token.ts'
import { newAffCode } from './aff-code.ts'
import { accountAttemptKey, checkPasswordAttempt } from './password-attempts.ts'
import { hashPassword } from './password.ts'
import { parseSetting, publicSetting } from './personal-setting.ts'
import { toSessionUser } from './session-user.ts'

export async function requireUser(services: Services, id: number): Promise<UserRow> {
  const user = await findUserById(services.db, id)
  if (!user) throw new AppError('NOT_FOUND', 'user.not_found')
  return user
}

/**
 * The own account as the console shows it: no password hash, no access-token hash, no webhook
 * secret; with the permissions the caller's role gives (see consolePermissions).
 */
export function toSelfUser(user: UserRow, permissions: ConsolePermissions): SelfUser {
  const sidebar = parseSetting(user.setting).sidebar_modules
  return {
    ...toSessionUser(user),
    email: user.email,
    quota: user.quota,
    used_quota: user.used_quota,
    request_count: user.request_count,
    aff_code: user.aff_code ?? '',
    aff_count: user.aff_count,
    aff_quota: user.aff_quota,
    aff_history_quota: user.aff_history,
    inviter_id: user.inviter_id,
    github_id: user.github_id,
    wechat_id: user.wechat_id,
    telegram_id: user.telegram_id,
    linux_do_id: user.linux_do_id,
    discord_id: '',
    oidc_id: user.oidc_id,
    stripe_customer: '',
    setting: publicSetting(user.setting),
    sidebar_modules: typeof sidebar === 'string' ? sidebar : '',
    permissions,
    password: '',
  }
}

/**
 * PUT /api/user/self. A new password needs the current one (when the account has one) and ends
 * every other session of the account.
 */
export async function updateSelf(
  services: Services,
  userId: number,
  input: UpdateSelfInput,
  currentSessionId?: string
): Promise<void> {
  const user = await requireUser(services, userId)
  const fields: Parameters<typeof updateUserFields>[2] = {}
  if (input.username && input.username !== user.username) {
    if (await isUsernameTaken(services.db, input.username)) throw new AppError('CONFLICT', 'user.username_taken')
    fields.username = input.username
  }
  if (input.display_name !== undefined) fields.display_name = input.display_name || (fields.username ?? user.username)
  const changesPassword = input.password !== undefined && input.password !== ''
  if (changesPassword) {
    // A session alone must not be enough to take the account over: whoever changes a password
    // gives the current one, and a wrong one spends the account's sign-in allowance like a failed
    // login. An account made through OAuth has none to give and may set its first.
    if (user.password) {
      if (!input.original_password) throw new AppError('BAD_REQUEST', 'user.original_password_required')
      if (!(await checkPasswordAttempt(services, accountAttemptKey(user.id), input.original_password, user.password))) {
        throw new AppError('DENIED', 'user.original_password_wrong')
      }
    }
    fields.password = await hashPassword(input.password as string)
  }
  if (Object.keys(fields).length === 0) return
  try {
    await updateUserFields(services.db, userId, fields)
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'user.username_taken', {}, { cause: error })
    throw error
  }
  if (changesPassword) {
    await endOtherSignIns(services.db, userId, currentSessionId)
    if (user.role >= Role.root) {
      services.setup.wrote({ rootDefaultPassword: false })
      await services.changes.publish({ kind: 'setup' })
    }
  }
}

/** DELETE /api/user/self: a soft delete; the name stays taken and every session ends. */
export async function deleteSelf(services: Services, userId: number): Promise<void> {
  const user = await requireUser(services, userId)
  if (user.role >= Role.root) throw new AppError('DENIED', 'user.cannot_delete_root')
  await cancelUser(services.db, userId, user.role)
  await deleteUserSessions(services.db, userId)
  // The relay caches users and their tokens; a cancelled account must stop spending at once.
  await services.changes.publish({ kind: 'user', id: userId })
}

/**
 * GET /api/user/token: a new console access token, looked up by its hash. It is also kept
 * encrypted, only so that a move back to the reference system can restore it (move-back.ts).
 */
export async function regenerateAccessToken(services: Services, userId: number): Promise<string> {
  const token = randomAlphanumeric(32)
  await updateUserFields(services.db, userId, storedAccessToken(services.secrets, token))
  return token
}

/** GET /api/user/aff: the invite code, created on first use for accounts that have none. */
export async function ensureAffCode(services: Services, userId: number): Promise<string> {
  const user = await requireUser(services, userId)
  if (user.aff_code) return user.aff_code
  const code = newAffCode()
  await updateUserFields(services.db, userId, { aff_code: code })
  return code
}
