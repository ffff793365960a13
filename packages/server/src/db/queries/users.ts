import { MAX_QUOTA, Role } from '@gateway/shared'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { insertReturningId } from '../insert-id.ts'
import { escapeLike, likePattern } from '../like.ts'
import type { Database } from '../schema/index.ts'
import type { UsersTable } from '../schema/users.ts'
import { deletedNow } from './soft-delete.ts'

export type UserRow = Selectable<UsersTable>
type Db = Kysely<Database> | Transaction<Database>

const live = (db: Db) => db.selectFrom('users').selectAll().where('deleted_at', 'is', null)

export const findUserById = (db: Db, id: number) => live(db).where('id', '=', id).executeTakeFirst()

/** The sign-in lookup: by username, or by email when the name contains an @. */
export const findUserForLogin = (db: Db, name: string) =>
  live(db)
    .where((eb) =>
      name.includes('@') ? eb.or([eb('username', '=', name), eb('email', '=', name)]) : eb('username', '=', name)
    )
    .orderBy('id')
    .executeTakeFirst()

/**
 * The users whose access_token is one of `values` (its hash, and the token itself for an account
 * taken over from the reference and not yet converted), with whether 2FA is on (for
 * TwoFactorRequiredForAdmins, middleware/auth.ts). The caller tells which matched how.
 */
export const findUsersByAccessTokenValues = (db: Db, values: string[]) =>
  db
    .selectFrom('users')
    .leftJoin('two_fas', (join) =>
      join
        .onRef('two_fas.user_id', '=', 'users.id')
        .on('two_fas.is_enabled', '=', true)
        .on('two_fas.deleted_at', 'is', null)
    )
    .selectAll('users')
    .select('two_fas.id as two_fa_id')
    .where('users.deleted_at', 'is', null)
    .where('users.access_token', 'in', values)
    .execute()

export const findUserByAffCode = (db: Db, affCode: string) =>
  live(db).where('aff_code', '=', affCode).executeTakeFirst()

/** Cancelled accounts keep their name, so this also looks at soft-deleted rows. */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()
  return row !== undefined
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  return row !== undefined
}

export async function countRootUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '>=', Role.root)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export const findRootUser = (db: Db) => live(db).where('role', '>=', Role.root).orderBy('id').executeTakeFirst()

/** Adds an account; created_at is now unless given (the reference's column, shown in its user list). */
export function insertUser(
  db: Db,
  dialect: DialectName,
  values: { username: string; password: string } & Partial<Omit<UserRow, 'id'>>
) {
  return insertReturningId(
    db.insertInto('users').values({ created_at: Math.floor(Date.now() / 1000), ...values }),
    dialect
  )
}

/** A sign-in happened now (users.last_login_at). */
export async function recordSignIn(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', id).execute()
}

export async function updateUserFields(
  db: Db,
  id: number,
  fields: Partial<
    Pick<
      UserRow,
      'username' | 'display_name' | 'password' | 'access_token' | 'access_token_ciphertext' | 'aff_code' | 'setting'
    >
  >
): Promise<void> {
  await db.updateTable('users').set(fields).where('id', '=', id).execute()
}

/**
 * Adds to an inviter's counters in place, so concurrent registrations never lose an increment. The
 * reward is a credit like any other: it is added only while aff_quota (and aff_history, which
 * sums every reward) stay within MAX_QUOTA, checked by the adding UPDATE itself. A refused reward
 * still counts the invitee, and the registration goes on: the newcomer is not to blame for a full
 * inviter. Answers whether the reward was added.
 */
export async function addInviteReward(db: Db, inviterId: number, reward: number): Promise<boolean> {
  await db
    .updateTable('users')
    .set({ aff_count: sql`aff_count + 1` })
    .where('id', '=', inviterId)
    .execute()
  const result = await db
    .updateTable('users')
    .set({ aff_quota: sql`aff_quota + ${reward}`, aff_history: sql`aff_history + ${reward}` })
    .where('id', '=', inviterId)
    .where('aff_quota', '<=', MAX_QUOTA - reward)
    .where('aff_history', '<=', MAX_QUOTA - reward)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Console user-management filter: a search text and/or an exact group. */
export interface UserListFilter {
  /** an exact id when numeric, or part of the username, display name or email (matched literally) */
  keyword?: string
  group?: string
}

/** A page of users for the admin list, cancelled ones included, newest first, and how many match. */
export async function listUserPage(
  db: Db,
  dialect: DialectName,
  filter: UserListFilter,
  page: { offset: number; limit: number }
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users').selectAll()
  if (filter.group) query = query.where('group', '=', filter.group)
  if (filter.keyword) {
    const keyword = filter.keyword
    const id = /^\d{1,10}$/.test(keyword) ? Number(keyword) : 0
    const pattern = `%${escapeLike(keyword)}%`
    query = query.where((eb) => {
      const text = [
        likePattern(dialect, 'username', pattern),
        likePattern(dialect, 'display_name', pattern),
        likePattern(dialect, 'email', pattern),
      ]
      return eb.or(id > 0 && id <= 2_147_483_647 ? [eb('id', '=', id), ...text] : text)
    })
  }
  const [rows, count] = await Promise.all([
    query.orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** Any row with this id, cancelled or not (management must see cancelled accounts to refuse them). */
export const findUserByIdAnyState = (db: Db, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()

/**
 * Sets role and/or status of a live account, only while role and status are still what the caller
 * checked its rules against: a concurrent change makes this a no-op (false) rather than bypass a rule.
 */
export async function setUserRoleStatus(
  db: Db,
  id: number,
  expected: { role: number; status: number },
  next: { role?: number; status?: number }
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(next)
    .where('id', '=', id)
    .where('role', '=', expected.role)
    .where('status', '=', expected.status)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Soft-deletes a live account (as the reference does); its access token goes with it. */
export async function cancelUser(db: Db, id: number, expectedRole: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deleted_at: deletedNow(), access_token: null, access_token_ciphertext: null })
    .where('id', '=', id)
    .where('role', '=', expectedRole)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * The admin edit of a live account. `quota` moves from `from` to `to` only if the stored value is
 * still `from`, in the same statement, so a relay charge settled meanwhile is never overwritten.
 */
export async function updateUserByAdmin(
  db: Db,
  id: number,
  expectedRole: number,
  fields: Partial<Pick<UserRow, 'username' | 'display_name' | 'group' | 'password'>>,
  quota?: { from: number; to: number }
): Promise<boolean> {
  let query = db
    .updateTable('users')
    .set({ ...fields, ...(quota ? { quota: quota.to } : {}) })
    .where('id', '=', id)
    .where('role', '=', expectedRole)
    .where('deleted_at', 'is', null)
  // A stored value beyond 2^53 (written before balances were bounded) reads back rounded, so it
  // cannot be matched exactly; it is matched as "still beyond 2^53", so an admin can bring it down.
  if (quota)
    query = Number.isSafeInteger(quota.from)
      ? query.where('quota', '=', quota.from)
      : query.where('quota', '>', Number.MAX_SAFE_INTEGER)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Removes the account row for good; its tokens and sessions go with it (logs stay as history). */
export async function hardDeleteUser(
  db: Db,
  id: number,
  expectedRole: number
): Promise<{ deleted: boolean; tokenHashes: string[] }> {
  const tokens = await db.selectFrom('tokens').select('key').where('user_id', '=', id).execute()
  const result = await db.deleteFrom('users').where('id', '=', id).where('role', '=', expectedRole).executeTakeFirst()
  if (Number(result.numDeletedRows) === 0) return { deleted: false, tokenHashes: [] }
  await db.deleteFrom('tokens').where('user_id', '=', id).execute()
  await db.deleteFrom('sessions').where('user_id', '=', id).execute()
  return { deleted: true, tokenHashes: tokens.map((t) => t.key) }
}

/** The user columns that hold an outside account's id (GitHub, LinuxDO, WeChat, Telegram). */
export type ExternalIdColumn = 'github_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id'

/** Includes cancelled accounts: an id that signed a cancelled account in must not quietly open a new one. */
export const findUserByExternalId = (db: Db, column: ExternalIdColumn, externalId: string) =>
  db.selectFrom('users').selectAll().where(column, '=', externalId).orderBy('id').executeTakeFirst()

/** Whether any account (cancelled ones included) is bound to the outside id. */
export async function isExternalIdBound(db: Db, column: ExternalIdColumn, externalId: string): Promise<boolean> {
  const bound = await db.selectFrom('users').select('id').where(column, '=', externalId).executeTakeFirst()
  return bound !== undefined
}

export async function setExternalId(db: Db, id: number, column: ExternalIdColumn, externalId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ [column]: externalId })
    .where('id', '=', id)
    .execute()
}

/** The highest user id (0 when there are none), which names new accounts from outside sign-ins. */
export async function maxUserId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst()
  return Number(row?.max ?? 0)
}

/** Whether another account (cancelled ones included) has the email. */
export async function isEmailTakenByOther(db: Db, email: string, id: number): Promise<boolean> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', id)
    .executeTakeFirst()
  return taken !== undefined
}

export async function setUserEmail(db: Db, id: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', id).execute()
}

/** The live account with the email, for a password reset. */
export const findLiveUserByEmail = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()

/** A user's name, whatever the account's state (for log rows written about them). */
export async function findUsername(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst()
  return row?.username
}
