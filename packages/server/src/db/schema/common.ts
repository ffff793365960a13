import type { ColumnType, Generated } from 'kysely'

/** Auto-increment primary key. */
export type Id = Generated<number>
/** Booleans come back as 0/1 from SQLite and MySQL and as true/false from PostgreSQL; read them with `Boolean()`. */
export type Bool = ColumnType<boolean | number, boolean | undefined, boolean>
/** A column with a database default: optional on insert. */
export type WithDefault<T> = ColumnType<T, T | undefined, T>
/**
 * A soft delete as the reference system keeps it (its ORM's DeletedAt): NULL while the row is
 * alive, else a datetime (a Date from PostgreSQL and MySQL, text on SQLite). Only `is null` is
 * ever tested; write it with `deletedNow()` from db/queries/soft-delete.ts.
 */
export type SoftDelete = WithDefault<Date | string | null>
/** Unix time in seconds unless a column's comment says otherwise. */
export type UnixSeconds = number
