import { MAIN_MIGRATION_TABLE, mainMigrations } from '../../db/migrate.ts'
import { latestAppliedMigration, pingDatabase } from '../../db/queries/health.ts'
import type { Logger } from '../../lib/logger.ts'
import { bounded } from '../../lib/redis.ts'
import type { Services } from '../container.ts'

/** 'ok', or 'error: ' and a reason that names no host, DSN or secret (the answer is public). */
export type CheckOutcome = 'ok' | `error: ${string}`

export interface ReadinessReport {
  ready: boolean
  checks: Record<string, CheckOutcome>
}

export interface Probe {
  name: string
  run: () => Promise<void>
  /** once it passed it stays passed (migrations applied, routing table built): not asked again */
  sticky?: boolean
}

/** A failure whose message is safe to show to anyone. */
export class ProbeFailure extends Error {}

/** A load balancer asks every second or so; within this window they share one probe. */
export const READINESS_CACHE_MS = 1000
/** A check that has not answered by then counts as failed: a hung database must not hang the caller. */
export const PROBE_TIMEOUT_MS = 1000

const SHUTTING_DOWN: ReadinessReport = { ready: false, checks: { shutdown: 'error: shutting down' } }

/**
 * Whether this instance should get traffic. Probes run at most once per `cacheMs`, never two at
 * once (callers in between share the running one), and each check has `timeoutMs`. A check still
 * running after its timeout is not started again until it settles, so a hung database holds at
 * most one connection for probing, however often the load balancer asks.
 */
export class Readiness {
  readonly #probes: Probe[]
  readonly #cacheMs: number
  readonly #timeoutMs: number
  readonly #logger: Logger | undefined
  readonly #passed = new Set<string>()
  readonly #running = new Map<string, Promise<void>>()
  #cached: { report: ReadinessReport; at: number } | undefined
  #inFlight: Promise<ReadinessReport> | undefined
  #shuttingDown = false
  #lastReady: boolean | undefined

  constructor(probes: Probe[], options: { cacheMs?: number; timeoutMs?: number; logger?: Logger } = {}) {
    this.#probes = probes
    this.#cacheMs = options.cacheMs ?? READINESS_CACHE_MS
    this.#timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
    this.#logger = options.logger
  }

  /** From now on unready without probing: the load balancer stops sending before the databases close. */
  shutDown(): void {
    this.#shuttingDown = true
  }

  report(): Promise<ReadinessReport> {
    if (this.#shuttingDown) return Promise.resolve(SHUTTING_DOWN)
    const cached = this.#cached
    if (cached && performance.now() - cached.at < this.#cacheMs) return Promise.resolve(cached.report)
    this.#inFlight ??= this.#probe().finally(() => {
      this.#inFlight = undefined
    })
    return this.#inFlight
  }

  async #probe(): Promise<ReadinessReport> {
    const outcomes = await Promise.all(this.#probes.map((probe) => this.#check(probe)))
    const checks: Record<string, CheckOutcome> = {}
    let ready = true
    for (const [index, probe] of this.#probes.entries()) {
      const outcome = outcomes[index] as CheckOutcome
      checks[probe.name] = outcome
      if (outcome !== 'ok') ready = false
    }
    const report = { ready, checks }
    // Stamped when the probe ends: a slow probe must not be followed at once by another.
    this.#cached = { report, at: performance.now() }
    // Transitions only: a load balancer asking every second must not write a line each time.
    if (ready !== this.#lastReady) {
      if (!ready) this.#logger?.warn({ checks }, 'not ready')
      else if (this.#lastReady === false) this.#logger?.info('ready again')
      this.#lastReady = ready
    }
    return report
  }

  async #check(probe: Probe): Promise<CheckOutcome> {
    if (this.#passed.has(probe.name)) return 'ok'
    let running = this.#running.get(probe.name)
    if (!running) {
      running = Promise.resolve().then(probe.run)
      this.#running.set(probe.name, running)
      const forget = () => this.#running.delete(probe.name)
      running.then(forget, forget)
    }
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.#timeoutMs)
    })
    try {
      const outcome = await Promise.race([running.then(() => 'ok' as const), deadline])
      if (outcome === 'timeout') return `error: no answer within ${this.#timeoutMs} ms`
      if (probe.sticky) this.#passed.add(probe.name)
      return 'ok'
    } catch (error) {
      return `error: ${reasonOf(error)}`
    } finally {
      clearTimeout(timer)
    }
  }
}

/** A public reason: our own messages, or a driver's error code (ECONNREFUSED, 57P01...), never its text (it may name hosts). */
function reasonOf(error: unknown): string {
  if (error instanceof ProbeFailure) return error.message
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code
  return 'unavailable'
}

/** What this instance needs before it can serve: its databases, their schema, the routing table, Redis when configured. */
export function probesFor(services: Services): Probe[] {
  const probes: Probe[] = [{ name: 'database', run: () => pingDatabase(services.db) }]
  if (services.logDb !== services.db) probes.push({ name: 'log_database', run: () => pingDatabase(services.logDb) })
  // A secondary node does not migrate: it must wait until the master has brought the schema up to what this code expects.
  const newest = Object.keys(mainMigrations(services.dialect)).sort().at(-1) ?? ''
  probes.push({
    name: 'migrations',
    sticky: true,
    run: async () => {
      const latest = await latestAppliedMigration(services.db, MAIN_MIGRATION_TABLE)
      if (latest === undefined || latest < newest) throw new ProbeFailure('migrations pending')
    },
  })
  const channels = services.relay.channels
  probes.push({
    name: 'routing',
    sticky: true,
    run: async () => {
      // Built on first use otherwise: build it now, so the first relay call does not wait for it.
      if (!channels.loaded) await channels.refresh()
      if (!channels.loaded) throw new ProbeFailure('routing table not loaded')
    },
  })
  const redis = services.redis
  if (redis) {
    probes.push({
      name: 'redis',
      run: async () => {
        if (!redis.isReady) throw new ProbeFailure('not connected')
        await bounded(redis, () => redis.ping())
      },
    })
  }
  return probes
}

const instances = new WeakMap<Services, Readiness>()
// Kept apart from the instances: shutdown may come before any probe was asked for, and must not build one.
const stopping = new WeakSet<Services>()

/** The one Readiness of these services (so that every caller shares its cache and its running probe). */
export function readinessOf(services: Services): Readiness {
  let readiness = instances.get(services)
  if (!readiness) {
    readiness = new Readiness(probesFor(services), { logger: services.logger })
    if (stopping.has(services)) readiness.shutDown()
    instances.set(services, readiness)
  }
  return readiness
}

/** Graceful shutdown began: /readyz answers 503 from now on. */
export function markShuttingDown(services: Services): void {
  stopping.add(services)
  instances.get(services)?.shutDown()
}
