import { Role } from '@gateway/shared'
import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'
import { harnessPerTest, type Harness } from '../../test/harness.ts'
import { isDatabaseUnavailable, isDeadlock, retryOnDeadlock } from './errors.ts'

describe('isDeadlock', () => {
  it('knows MySQL/MariaDB and PostgreSQL deadlocks, also when wrapped, and nothing else', () => {
    expect(isDeadlock({ code: 'ER_LOCK_DEADLOCK', errno: 1213 })).toBe(true)
    expect(isDeadlock({ errno: 1213 })).toBe(true)
    expect(isDeadlock({ code: '40P01' })).toBe(true)
    expect(isDeadlock(new Error('migration failed', { cause: { code: '40P01' } }))).toBe(true)
    expect(isDeadlock({ code: 'ER_DUP_ENTRY', errno: 1062 })).toBe(false)
    expect(isDeadlock({ code: '23505' })).toBe(false)
    expect(isDeadlock(new Error('Deadlock found'))).toBe(false)
    expect(isDeadlock(undefined)).toBe(false)
  })
})

describe('isDatabaseUnavailable', () => {
  it('counts a deadlock victim, a lost connection and a busy file, not a wrong statement', () => {
    for (const error of [
      { code: 'ER_LOCK_DEADLOCK', errno: 1213 },
      { errno: 1213 },
      { code: '40P01' },
      { code: '40001' },
      { code: 'ECONNREFUSED' },
      { code: '57P01' },
      { errcode: 5 },
      new Error('insert failed', { cause: { code: '40P01' } }),
    ])
      expect(isDatabaseUnavailable(error), JSON.stringify(error)).toBe(true)
    for (const error of [{ code: 'ER_DUP_ENTRY', errno: 1062 }, { code: '23505' }, { code: '42P01' }, undefined])
      expect(isDatabaseUnavailable(error), JSON.stringify(error)).toBe(false)
  })
})

describe('retryOnDeadlock', () => {
  const deadlock = Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), {
    code: 'ER_LOCK_DEADLOCK',
    errno: 1213,
  })

  it('runs a step that lost a deadlock again, and answers its result', async () => {
    const step = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(deadlock)
      .mockRejectedValueOnce(deadlock)
      .mockResolvedValue('migrated')
    const retried: number[] = []
    await expect(retryOnDeadlock(step, (attempt) => retried.push(attempt))).resolves.toBe('migrated')
    expect(step).toHaveBeenCalledTimes(3)
    expect(retried).toEqual([1, 2])
  })

  it('does not retry any other failure', async () => {
    const broken = Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' })
    const step = vi.fn<() => Promise<void>>().mockRejectedValue(broken)
    await expect(retryOnDeadlock(step, () => {})).rejects.toBe(broken)
    expect(step).toHaveBeenCalledTimes(1)
  })

  it('gives up after the last attempt with the deadlock itself', async () => {
    const step = vi.fn<() => Promise<void>>().mockRejectedValue(deadlock)
    await expect(retryOnDeadlock(step, () => {}, 3)).rejects.toBe(deadlock)
    expect(step).toHaveBeenCalledTimes(3)
  })
})

let h: Harness
harnessPerTest(async (made) => {
  h = made
})

// SQLite has one writer at a time and never deadlocks; the two servers are where it happens.
describe('a real deadlock on the database server', () => {
  it.skipIf(!process.env.TEST_SQL_DSN)('is recognised as one', async () => {
    const first = await h.createUser(Role.user)
    const second = await h.createUser(Role.user)
    const bump = (id: number) => sql`UPDATE users SET quota = quota + 1 WHERE id = ${id}`
    let release: () => void = () => {}
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve))
    let holding = 0
    const holdThenTake = (own: number, other: number) =>
      h.services.db.transaction().execute(async (trx) => {
        await bump(own).execute(trx)
        if (++holding === 2) release()
        await bothHoldOne
        await bump(other).execute(trx)
      })
    const outcomes = await Promise.allSettled([holdThenTake(first.id, second.id), holdThenTake(second.id, first.id)])
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason)
    expect(failures).toHaveLength(1)
    expect(isDeadlock(failures[0])).toBe(true)
  })
})
