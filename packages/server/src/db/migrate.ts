import { sql, type Kysely } from 'kysely'
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration'
import type { DialectName } from './dsn.ts'
import { initialMigration } from './migrations/0001-initial.ts'
import { logsMigration } from './migrations/0001-logs.ts'
import { channelExtrasMigration } from './migrations/0002-channel-extras.ts'
import { logRequestIdsMigration } from './migrations/0002-log-request-ids.ts'
import { listIndexesMigration } from './migrations/0003-list-indexes.ts'
import { ledgerMigration } from './migrations/0004-ledger.ts'
import { sessionActivityMigration } from './migrations/0005-session-activity.ts'
import { twoFactorMigration } from './migrations/0006-two-factor.ts'
import { passkeysMigration } from './migrations/0007-passkeys.ts'
import { channelPrivateNetworkMigration } from './migrations/0008-channel-private-network.ts'
import { referenceTakeoverMigration } from './migrations/0009-reference-takeover.ts'
import { logsReferenceMigration } from './migrations/0010-logs-reference.ts'
import { featureColumnsMigration } from './migrations/0012-feature-columns.ts'
import { holdRequestIdMigration } from './migrations/0013-hold-request-id.ts'
import { channelInfoMigration } from './migrations/0014-channel-info.ts'
import { moveOverSecretsMigration } from './migrations/0015-move-over-secrets.ts'
import { twoFactorTimesMigration } from './migrations/0016-two-factor-times.ts'
import { storedResponsesMigration } from './migrations/0017-stored-responses.ts'
import { ledgerLeasesMigration } from './migrations/0018-ledger-leases.ts'
import { withOwnSchemaIntrospection } from './own-schema-introspection.ts'

/** Where the main set's applied migrations are recorded; a database without it was never ours. */
export const MAIN_MIGRATION_TABLE = 'kysely_migration'
export const LOG_MIGRATION_TABLE = 'kysely_migration_logs'

/** Every migration of the main database by name (exported for tests that stop part way). */
export const mainMigrations = (dialect: DialectName): Record<string, Migration> => ({
  '0001-initial': initialMigration(dialect),
  '0002-channel-extras': channelExtrasMigration(dialect),
  '0003-list-indexes': listIndexesMigration(dialect),
  '0004-ledger': ledgerMigration(dialect),
  '0005-session-activity': sessionActivityMigration(dialect),
  '0006-two-factor': twoFactorMigration(dialect),
  '0007-passkeys': passkeysMigration(dialect),
  '0008-channel-private-network': channelPrivateNetworkMigration(dialect),
  '0009-reference-takeover': referenceTakeoverMigration(dialect),
  '0012-feature-columns': featureColumnsMigration(dialect),
  '0013-hold-request-id': holdRequestIdMigration(dialect),
  '0014-channel-info': channelInfoMigration(dialect),
  '0015-move-over-secrets': moveOverSecretsMigration(dialect),
  '0016-two-factor-times': twoFactorTimesMigration(dialect),
  '0017-stored-responses': storedResponsesMigration(dialect),
  '0018-ledger-leases': ledgerLeasesMigration(dialect),
})

const logMigrations = (dialect: DialectName): Record<string, Migration> => ({
  '0001-logs': logsMigration(dialect),
  '0002-log-request-ids': logRequestIdsMigration(dialect),
  '0010-logs-reference': logsReferenceMigration(dialect),
})

/**
 * Brings a database up to date. Safe to run on every start and from several processes at once:
 * Kysely records applied migrations and takes a lock while it works.
 */
export async function migrate(db: Kysely<unknown>, dialect: DialectName, set: 'main' | 'logs'): Promise<string[]> {
  const migrations = set === 'main' ? mainMigrations(dialect) : logMigrations(dialect)
  const provider: MigrationProvider = { getMigrations: async () => migrations }
  // Kysely looks for its own tables across every schema it can see; name ours, so another
  // schema's migration tables on the same PostgreSQL server are never taken for this one's.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined
  const migrator = new Migrator({
    db: withOwnSchemaIntrospection(db, dialect),
    provider,
    migrationTableSchema: schema,
    migrationTableName: set === 'main' ? MAIN_MIGRATION_TABLE : LOG_MIGRATION_TABLE,
    migrationLockTableName: set === 'main' ? 'kysely_migration_lock' : 'kysely_migration_logs_lock',
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
