import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LedgerSpool, type SpoolEntry } from './ledger-spool.ts'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

const settle = (id: string, charge: number): SpoolEntry => ({
  kind: 'settle',
  hold: { id, payer: { userId: 1, tokenId: 2, tokenUnlimited: false }, amount: 100 },
  settlement: {
    charge,
    now: 1,
    channelId: 3,
    tokens: 10,
    userId: 1,
    username: 'u',
    model: 'm',
    rollup: true,
    log: { user_id: 1, created_at: 1, content: '模型' },
  },
})

describe('the ledger spool', () => {
  it('keeps entries across a restart of the process, and drops applied ones from the file', () => {
    dir = mkdtempSync(join(tmpdir(), 'spool-'))
    const path = join(dir, 'nested', 'ledger-spool.jsonl')
    const first = new LedgerSpool(path)
    first.append([settle('a', 10), settle('b', 20)])
    first.append([{ kind: 'release', hold: { id: 'c', payer: { userId: 1, tokenUnlimited: true }, amount: 5 } }])
    // A new process reads what the old one left.
    const second = new LedgerSpool(path)
    expect(second.entries()).toEqual(first.entries())
    second.remove(second.entries().slice(0, 2))
    expect(new LedgerSpool(path).entries().map((e) => e.hold.id)).toEqual(['c'])
    second.remove(second.entries())
    expect(readFileSync(path, 'utf8')).toBe('')
  })

  it('ignores a line cut short by a crash while it was written', () => {
    dir = mkdtempSync(join(tmpdir(), 'spool-'))
    const path = join(dir, 'ledger-spool.jsonl')
    new LedgerSpool(path).append([settle('a', 10)])
    appendFileSync(path, '{"kind":"settle","hold":{"id":"b"')
    expect(new LedgerSpool(path).entries().map((e) => e.hold.id)).toEqual(['a'])
  })

  it('keeps entries in memory only when it has no file', () => {
    const spool = new LedgerSpool(undefined)
    spool.append([settle('a', 10)])
    expect(spool.entries()).toHaveLength(1)
    expect(spool.size).toBe(1)
    spool.remove(spool.entries())
    expect(spool.entries()).toHaveLength(0)
    expect(spool.size).toBe(0)
  })
})
