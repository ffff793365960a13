import { sql } from 'kysely'

/**
 * The value of a soft delete: the database's current time, a datetime on every engine, as the
 * reference system writes its DeletedAt (a number there is a type error on PostgreSQL and refused by
 * strict MySQL). Both systems only ever test `deleted_at is null`, so the clock it is read from
 * (UTC on SQLite and PostgreSQL, the server's zone on MySQL) changes nothing.
 */
export const deletedNow = () => sql<Date | string>`CURRENT_TIMESTAMP`
