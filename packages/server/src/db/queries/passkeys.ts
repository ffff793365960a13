import type { Insertable, Kysely, Selectable, Transaction } from 'kysely'
import type { DialectName } from '../dsn.ts'
import { insertReturningId } from '../insert-id.ts'
import type { Database } from '../schema/index.ts'
import type { PasskeyCredentialsTable, StoredTime } from '../schema/passkeys.ts'

export type PasskeyRow = Selectable<PasskeyCredentialsTable>
type Db = Kysely<Database> | Transaction<Database>

/** Rows the reference soft-deleted are not passkeys any more. */
const live = (db: Db) => db.selectFrom('passkey_credentials').where('deleted_at', 'is', null)

/**
 * Unix seconds of a stored time. PostgreSQL and MySQL hand back a Date; SQLite the text that was
 * written: our ISO form, or the reference's "2006-01-02 15:04:05.999999999-07:00".
 */
export function toUnixSeconds(value: StoredTime | null | undefined): number | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return Math.floor(value.getTime() / 1000)
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d+))?\s*(Z|[+-]\d{2}:?\d{2})?/.exec(value.trim())
  if (!match) return null
  const [, date, clock, fraction = '0', zone = 'Z'] = match
  const offset = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`
  const ms = Date.parse(`${date}T${clock}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`)
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000)
}

/** The caller's passkeys, newest first, without their public keys. */
export const listUserPasskeys = (db: Db, userId: number) =>
  live(db)
    .select(['id', 'name', 'created_at', 'last_used_at', 'backup_state', 'credential_id', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute()

export const findPasskeyByCredentialId = (db: Db, credentialId: string) =>
  live(db).selectAll().where('credential_id', '=', credentialId).executeTakeFirst()

export async function insertPasskey(
  db: Db,
  dialect: DialectName,
  values: Omit<Insertable<PasskeyCredentialsTable>, 'id' | 'last_used_at' | 'deleted_at' | 'created_at' | 'updated_at'>,
  now: Date
): Promise<number> {
  return insertReturningId(
    db.insertInto('passkey_credentials').values({ ...values, created_at: now, updated_at: now }),
    dialect
  )
}

/**
 * Records a sign-in: the new counter and flags, only if the counter is still the one the
 * verification was checked against. Two sign-ins racing with one authenticator cannot both pass.
 */
export async function recordPasskeyUse(
  db: Db,
  id: number,
  expectedCount: number,
  update: { sign_count: number; backup_state: boolean; user_verified: boolean },
  now: Date
): Promise<boolean> {
  const result = await db
    .updateTable('passkey_credentials')
    .set({ ...update, last_used_at: now, updated_at: now })
    .where('id', '=', id)
    .where('sign_count', '=', expectedCount)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function renameUserPasskey(db: Db, userId: number, id: number, name: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('passkey_credentials')
    .set({ name, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Deletes for good (as the reference does), so the credential id can be registered again. */
export async function deleteUserPasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('passkey_credentials')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function deleteAllUserPasskeys(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('passkey_credentials').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function insertPasskeyChallenge(
  db: Db,
  challenge: { challenge: string; purpose: string; user_id: number; expires_at: number }
): Promise<void> {
  await db.insertInto('passkey_challenges').values(challenge).execute()
}

/**
 * Uses up a challenge: true only for the one call that deletes it while it is still valid, so a
 * challenge serves one finish call on whichever instance gets it.
 */
export async function consumePasskeyChallenge(
  db: Db,
  challenge: string,
  purpose: string,
  userId: number,
  now: number
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function deleteExpiredPasskeyChallenges(db: Db, now: number): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute()
}
