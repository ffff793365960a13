import { sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely'
import type { DialectName } from './dsn.ts'

/**
 * The tables of this database's own schema (PostgreSQL's current schema, MySQL's current database,
 * SQLite's file), names only. Kysely's own introspector reads every schema of a PostgreSQL server
 * and resolves each serial column by name, so it fails ("schema … does not exist") whenever another
 * schema on the same server is dropped while it runs: other deployments', or parallel tests'.
 */
function ownSchemaIntrospector(db: Kysely<unknown>, dialect: DialectName): DatabaseIntrospector {
  const currentSchema = async (): Promise<string | undefined> =>
    dialect === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined
  return {
    async getSchemas(): Promise<SchemaMetadata[]> {
      const name = await currentSchema()
      return name === undefined ? [] : [{ name }]
    },
    async getTables(): Promise<TableMetadata[]> {
      const query =
        dialect === 'sqlite'
          ? sql<{
              name: string
              schema: string | null
            }>`select name, null as "schema" from sqlite_master where type = 'table'`
          : dialect === 'postgres'
            ? sql<{
                name: string
                schema: string | null
              }>`select table_name as "name", table_schema as "schema" from information_schema.tables where table_schema = current_schema()`
            : sql<{
                name: string
                schema: string | null
              }>`select table_name as name, table_schema as \`schema\` from information_schema.tables where table_schema = database()`
      const rows = (await query.execute(db)).rows
      return rows.map((row) => ({
        name: row.name,
        schema: row.schema ?? undefined,
        isView: false,
        isForeign: false,
        columns: [],
      }))
    },
  }
}

/**
 * `db` as Kysely's Migrator should see it: the same connections and builders, with introspection
 * limited to this database's own tables (the Migrator only asks whether its own tables exist).
 */
export function withOwnSchemaIntrospection<DB>(db: Kysely<DB>, dialect: DialectName): Kysely<DB> {
  const introspection = ownSchemaIntrospector(db as Kysely<unknown>, dialect)
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection
      // Kysely keeps its state in private fields: methods must run on the real instance.
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
