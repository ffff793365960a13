import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import { openDatabase } from '../../src/db/client.ts'
import { parseDsn, type DialectName } from '../../src/db/dsn.ts'
import { createTestDatabase } from '../test-database.ts'
import { fillReferenceDatabase } from './fill-reference.ts'
import { fingerprint, type Fingerprint } from './fingerprint.ts'
import { createTableStatements } from './gorm-ddl.ts'
import type { FillOptions, ReferenceFixture } from './reference-fixture.ts'
import { referenceTables, UNUSED_TABLES, type ReferenceVersion } from './reference-tables.ts'

export { fingerprint, fingerprintTable, type Fingerprint, type TableFingerprint } from './fingerprint.ts'
export type {
  FillOptions,
  ReferenceChannel,
  ReferenceFixture,
  ReferenceRedemption,
  ReferenceToken,
  ReferenceUser,
} from './reference-fixture.ts'
export { referenceTables, UNUSED_TABLES, type ReferenceVersion } from './reference-tables.ts'
export { fillReferenceDatabase } from './fill-reference.ts'

/**
 * Test kit: databases shaped and filled as the reference system (New API) leaves them, on the
 * engine TEST_SQL_DSN names (SQLite when unset), to start our server on and compare.
 *
 *   const ref = await createReferenceDatabase('current')
 *   const h = await createHarness({ env: ref.env })    // our server, migrating it on start
 *   ... ref.fixture.users.user.password, ref.fixture.tokens.user.key ...
 *   expect(await fingerprint(h.services.db as never, ref.unusedTables)).toEqual(ref.before)
 *   await h.close(); await ref.drop()
 */
export interface ReferenceDatabase {
  version: ReferenceVersion
  dialect: DialectName
  /** the environment that points a server (or createHarness's `env`) at this database */
  env: { SQL_DSN?: string; SQLITE_PATH: string }
  fixture: ReferenceFixture
  /** every table the kit made */
  tables: string[]
  /** tables of the reference we never use (none in the spec-era version) */
  unusedTables: string[]
  /** fingerprints of every table right after filling */
  before: Fingerprint
  /** a connection of its own (close it when done) */
  open(): Promise<{ db: Kysely<unknown>; close(): Promise<void> }>
  /** removes the database (schema, database or file) */
  drop(): Promise<void>
}

/** Creates the reference's tables for `version` in an empty database, as its AutoMigrate would. */
export async function createReferenceTables(
  db: Kysely<unknown>,
  dialect: DialectName,
  version: ReferenceVersion
): Promise<void> {
  for (const table of referenceTables(version)) {
    for (const statement of createTableStatements(dialect, table)) await sql.raw(statement).execute(db)
  }
}

/** A private database (see test-database.ts; SQLite as a file, so a server can open it) with the reference's tables and rows. */
export async function createReferenceDatabase(
  version: ReferenceVersion,
  options: FillOptions = {}
): Promise<ReferenceDatabase> {
  const database = await createTestDatabase()
  const sqlitePath = database.dsn
    ? ':memory:'
    : join(tmpdir(), `reference-${version}-${randomBytes(6).toString('hex')}.sqlite`)
  const env = database.dsn ? { SQL_DSN: database.dsn, SQLITE_PATH: sqlitePath } : { SQLITE_PATH: sqlitePath }
  const open = async () => {
    const handle = await openDatabase(parseDsn(env.SQL_DSN, sqlitePath), { maxOpen: 2, maxLifetimeSeconds: 0 })
    return { db: handle.db as unknown as Kysely<unknown>, dialect: handle.dialect, close: () => handle.close() }
  }
  const { db, dialect, close } = await open()
  const tables = referenceTables(version).map((table) => table.name)
  try {
    await createReferenceTables(db, dialect, version)
    const fixture = await fillReferenceDatabase(db, dialect, version, options)
    const before = await fingerprint(db, tables)
    return {
      version,
      dialect,
      env,
      fixture,
      tables,
      unusedTables: UNUSED_TABLES[version],
      before,
      open: async () => {
        const opened = await open()
        return { db: opened.db, close: opened.close }
      },
      drop: async () => {
        await database.drop()
        if (!database.dsn) for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true })
      },
    }
  } finally {
    await close()
  }
}
