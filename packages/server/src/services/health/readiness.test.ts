import { describe, expect, it } from 'vitest'
import { ProbeFailure, Readiness, type Probe } from './readiness.ts'

/** A probe whose calls are counted and whose every call waits for the test to settle it. */
function controlled(name: string, options: { sticky?: boolean } = {}) {
  const pending: Array<{ resolve: () => void; reject: (error: unknown) => void }> = []
  let calls = 0
  const probe: Probe = {
    name,
    sticky: options.sticky,
    run: () => {
      calls++
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }))
    },
  }
  return {
    probe,
    calls: () => calls,
    pending: () => pending.length,
    pass: () => pending.shift()?.resolve(),
    fail: (error: unknown) => pending.shift()?.reject(error),
  }
}

const passing = (name: string, counter: { calls: number }): Probe => ({
  name,
  run: async () => {
    counter.calls++
  },
})

describe('Readiness', () => {
  it('reports every check by name, ready only when all pass', async () => {
    const readiness = new Readiness(
      [
        passing('database', { calls: 0 }),
        { name: 'redis', run: () => Promise.reject(new ProbeFailure('not connected')) },
      ],
      { cacheMs: 0 }
    )
    expect(await readiness.report()).toEqual({
      ready: false,
      checks: { database: 'ok', redis: 'error: not connected' },
    })
  })

  it('shares one probe among callers that ask while it runs', async () => {
    const db = controlled('database')
    const readiness = new Readiness([db.probe], { cacheMs: 0, timeoutMs: 5_000 })
    const first = readiness.report()
    const second = readiness.report()
    const third = readiness.report()
    await expect.poll(() => db.pending()).toBe(1)
    db.pass()
    const reports = await Promise.all([first, second, third])
    expect(db.calls()).toBe(1)
    expect(reports).toEqual([1, 2, 3].map(() => ({ ready: true, checks: { database: 'ok' } })))
    // Once settled, the next caller starts a new probe.
    const fourth = readiness.report()
    await expect.poll(() => db.calls()).toBe(2)
    db.pass()
    expect((await fourth).ready).toBe(true)
  })

  it('answers from its cache within the window, and probes again after it', async () => {
    const counter = { calls: 0 }
    const readiness = new Readiness([passing('database', counter)], { cacheMs: 200 })
    for (let i = 0; i < 20; i++) expect((await readiness.report()).ready).toBe(true)
    expect(counter.calls).toBe(1)
    await expect.poll(async () => (await readiness.report(), counter.calls), { timeout: 2_000, interval: 50 }).toBe(2)
  })

  it('counts a check that does not answer in time as failed, and does not pile a second call on the hung one', async () => {
    const db = controlled('database')
    const readiness = new Readiness([db.probe], { cacheMs: 0, timeoutMs: 100 })
    const started = performance.now()
    expect(await readiness.report()).toEqual({ ready: false, checks: { database: 'error: no answer within 100 ms' } })
    expect(performance.now() - started).toBeLessThan(1_000)
    // Asked again while the first call still hangs: it waits on that call rather than starting another.
    expect((await readiness.report()).checks.database).toBe('error: no answer within 100 ms')
    expect(db.calls()).toBe(1)
    // The hung call finally answers: that answer counts, and the probe after it calls afresh.
    db.pass()
    expect(await readiness.report()).toEqual({ ready: true, checks: { database: 'ok' } })
    expect(db.calls()).toBe(1)
    const next = readiness.report()
    await expect.poll(() => db.calls()).toBe(2)
    db.pass()
    expect(await next).toEqual({ ready: true, checks: { database: 'ok' } })
  })

  it('shows a driver error by its code only, never its text (which may name hosts)', async () => {
    const refused = Object.assign(
      new Error('connect ECONNREFUSED 10.1.2.3:5432 (postgres://gateway:secret@db/gateway)'),
      { code: 'ECONNREFUSED' }
    )
    const readiness = new Readiness(
      [
        { name: 'database', run: () => Promise.reject(refused) },
        {
          name: 'log_database',
          run: () => Promise.reject(new Error('password authentication failed for user "gateway" at db.internal')),
        },
      ],
      { cacheMs: 0 }
    )
    const report = await readiness.report()
    expect(report.checks).toEqual({ database: 'error: ECONNREFUSED', log_database: 'error: unavailable' })
    expect(JSON.stringify(report)).not.toMatch(/secret|10\.1\.2\.3|db\.internal|gateway/)
  })

  it('does not ask a sticky check again once it passed, but keeps asking while it fails', async () => {
    const migrations = controlled('migrations', { sticky: true })
    const readiness = new Readiness([migrations.probe], { cacheMs: 0, timeoutMs: 5_000 })
    const failed = readiness.report()
    await expect.poll(() => migrations.pending()).toBe(1)
    migrations.fail(new ProbeFailure('migrations pending'))
    expect(await failed).toEqual({ ready: false, checks: { migrations: 'error: migrations pending' } })
    const passed = readiness.report()
    await expect.poll(() => migrations.pending()).toBe(1)
    migrations.pass()
    expect((await passed).ready).toBe(true)
    expect(await readiness.report()).toEqual({ ready: true, checks: { migrations: 'ok' } })
    expect(migrations.calls()).toBe(2)
  })

  it('is unready without probing once shutdown began', async () => {
    const counter = { calls: 0 }
    const readiness = new Readiness([passing('database', counter)], { cacheMs: 60_000 })
    expect((await readiness.report()).ready).toBe(true)
    readiness.shutDown()
    expect(await readiness.report()).toEqual({ ready: false, checks: { shutdown: 'error: shutting down' } })
    expect(counter.calls).toBe(1)
  })
})
