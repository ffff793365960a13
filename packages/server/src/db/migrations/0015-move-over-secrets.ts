import type { Migration } from 'kysely/migration'
import type { DialectName } from '../dsn.ts'
import { columnsOf } from './table-shape.ts'

/**
 * users.access_token_ciphertext: the console access token, encrypted, beside its hash in
 * access_token, so that a move back to the reference system (services/takeover/move-back.ts) can
 * write the token itself back: the reference looks it up raw, and users' scripts keep working
 * there too. Null for accounts without a token and for tokens made before this column. (0009
 * already made the reference's char(32) access_token and char(48) key wide enough for our hashes.)
 * Added only when missing, so a replay changes nothing.
 */
export function moveOverSecretsMigration(dialect: DialectName): Migration {
  return {
    async up(db) {
      const users = await columnsOf(db, dialect, 'users')
      if (users.length === 0 || users.some((column) => column.name === 'access_token_ciphertext')) return
      await db.schema.alterTable('users').addColumn('access_token_ciphertext', 'text').execute()
    },
  }
}
