import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { insertReturningId } from '../insert-id.ts'
import type { Database } from '../schema/index.ts'
import type { UsersTable } from '../schema/users.ts'

export type UserRow = Selectable<UsersTable>
type Db = Kysely<Database> | Transaction<Database>

const live = (db: Db) => db.selectFrom('users').selectAll().where('deleted_at', 'is', null)

export const findUserById = (db: Db, id: number) => live(db).where('id', '=', id).executeTakeFirst()

/** The sign-in lookup: by username, or by email when the name contains an @. */
export const findUserForLogin = (db: Db, name: string) =>
  live(db)
    .where((eb) => (name.includes('@') ? eb.or([eb('username', '=', name), eb('email', '=', name)]) : eb('username', '=', name)))
    .orderBy('id')
    .executeTakeFirst()

export const findUserByAccessTokenHash = (db: Db, hash: string) => live(db).where('access_token', '=', hash).executeTakeFirst()

export const findUserByAffCode = (db: Db, affCode: string) => live(db).where('aff_code', '=', affCode).executeTakeFirst()

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
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '>=', 100).executeTakeFirstOrThrow()
  return Number(row.n)
}

export const findRootUser = (db: Db) => live(db).where('role', '>=', 100).orderBy('id').executeTakeFirst()

export function insertUser(db: Db, dialect: DialectName, values: { username: string; password: string } & Partial<Omit<UserRow, 'id'>>) {
  return insertReturningId(db.insertInto('users').values(values), dialect)
}

export async function updateUserFields(
  db: Db,
  id: number,
  fields: Partial<Pick<UserRow, 'username' | 'display_name' | 'password' | 'access_token' | 'aff_code' | 'setting' | 'deleted_at'>>,
): Promise<void> {
  await db.updateTable('users').set(fields).where('id', '=', id).execute()
}

/** Adds to an inviter's counters in place, so concurrent registrations never lose an increment. */
export async function addInviteReward(db: Db, inviterId: number, reward: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      aff_count: sql`aff_count + 1`,
      aff_quota: sql`aff_quota + ${reward}`,
      aff_history: sql`aff_history + ${reward}`,
    })
    .where('id', '=', inviterId)
    .execute()
}
