import { sql, type Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'

interface ColumnFacts {
  name: string
  /** character length limit; null for text and on SQLite (which checks none) */
  length: number | null
  nullable: boolean
}

/**
 * What keys taken over from the reference system need in our storage (services/takeover/):
 * - users.access_token_ciphertext: the console access token, encrypted, beside its hash in
 *   access_token, so that a move back can write the token itself back (the reference looks it up
 *   raw) and a user's scripts keep working there too.
 * - room for our values where the reference's columns are narrower: its users.access_token is
 *   char(32) and the spec era's tokens.key char(48), while we keep 64-character hashes there.
 *   Widening changes no value; the reference narrows them again when it starts after a move back.
 * - tokens.key_ciphertext, if no earlier migration added it.
 * Adds and widens only what needs it, so a replay changes nothing.
 */
export function moveOverSecretsMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      const users = await columnFacts(db, dialect, 'users')
      if (users.length > 0 && !users.some((column) => column.name === 'access_token_ciphertext')) {
        await db.schema.alterTable('users').addColumn('access_token_ciphertext', 'text').execute()
      }
      await widen(db, dialect, 'users', users, 'access_token', 64)

      const tokens = await columnFacts(db, dialect, 'tokens')
      if (tokens.length > 0 && !tokens.some((column) => column.name === 'key_ciphertext')) {
        await db.schema.alterTable('tokens').addColumn('key_ciphertext', 'text').execute()
      }
      await widen(db, dialect, 'tokens', tokens, 'key', 128)
    },
  }
}

/** Makes a character column a varchar(size) when it is shorter; SQLite enforces no length. */
async function widen(db: Kysely<unknown>, dialect: DialectName, table: string, columns: ColumnFacts[], name: string, size: number): Promise<void> {
  if (dialect === 'sqlite') return
  const column = columns.find((c) => c.name === name)
  if (!column || column.length === null || column.length >= size) return
  if (dialect === 'postgres') {
    // Casting char(n) to varchar drops its padding, which is what the values were without it.
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(name)} type varchar(${sql.raw(String(size))})`.execute(db)
    return
  }
  // MODIFY restates the whole column: keep its nullability; its indexes stay.
  await sql`alter table ${sql.table(table)} modify column ${sql.ref(name)} varchar(${sql.raw(String(size))}) ${sql.raw(column.nullable ? 'null' : 'not null')}`.execute(db)
}

/** The columns of a table in this database's own schema ([] when there is no such table). */
async function columnFacts(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<ColumnFacts[]> {
  if (dialect === 'sqlite') {
    const rows = await sql<{ name: string; notnull: number }>`select name, "notnull" from pragma_table_info(${table})`.execute(db)
    return rows.rows.map((row) => ({ name: row.name, length: null, nullable: Number(row.notnull) === 0 }))
  }
  const schema = dialect === 'postgres' ? sql`current_schema()` : sql`database()`
  const rows = await sql<{ name: string; length: number | string | null; nullable: string }>`
    select column_name as name, character_maximum_length as length, is_nullable as nullable
    from information_schema.columns where table_schema = ${schema} and table_name = ${table}`.execute(db)
  return rows.rows.map((row) => ({ name: row.name, length: row.length === null ? null : Number(row.length), nullable: row.nullable === 'YES' }))
}
