import type { Kysely } from 'kysely'
import type { Harness } from '../harness.ts'

/** Forgets `name` and every later migration (each re-runs safely), as if the database stopped before it. */
export function forgetMigrationsFrom(h: Harness, name: string): Promise<unknown> {
  return (h.services.db as unknown as Kysely<{ kysely_migration: { name: string } }>)
    .deleteFrom('kysely_migration')
    .where('name', '>=', name)
    .execute()
}
