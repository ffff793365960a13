import { CounterFamily, type CounterSeries } from './series.ts'

/**
 * Database and Redis failures, counted for the whole process: the code that meets them (error
 * classification, the Redis wrapper) has no handle on one app's services, and a process has one
 * set of pools anyway. Plain counters, so counting costs nothing when metrics are off.
 */
export const databaseErrors = new CounterFamily(
  'gateway_database_errors_total',
  'Database errors: the database could not be reached or could not serve (where: relay, api, ledger).'
)
export const redisErrors = new CounterFamily(
  'gateway_redis_errors_total',
  'Redis failures: a command failed or timed out, or the connection reported an error.'
)

export type DatabaseErrorSite = 'relay' | 'api' | 'ledger'
export type RedisErrorKind = 'command' | 'timeout' | 'connection'

const databaseBySite = new Map<DatabaseErrorSite, CounterSeries>()
const redisByKind = new Map<RedisErrorKind, CounterSeries>()
for (const site of ['relay', 'api', 'ledger'] as const) databaseBySite.set(site, databaseErrors.series({ where: site }))
for (const kind of ['command', 'timeout', 'connection'] as const) redisByKind.set(kind, redisErrors.series({ kind }))

export function countDatabaseError(site: DatabaseErrorSite): void {
  databaseBySite.get(site)?.add(1)
}

export function countRedisError(kind: RedisErrorKind): void {
  redisByKind.get(kind)?.add(1)
}
