import { describe, expect, it } from 'vitest'
import { ChannelRunBoard } from './channel-run-board.ts'

describe('the board of fleet runs', () => {
  it('refuses a second run of a kind while one is going, not one of the other kind', () => {
    const board = new ChannelRunBoard()
    const test = board.begin('test', 3, 100)
    expect(test).toBeTypeOf('number')
    expect(board.begin('test', 5, 200)).toBeUndefined()
    expect(board.begin('balance', 2, 200)).toBeTypeOf('number')
    board.advance('test', test!, true)
    board.advance('test', test!, false)
    expect(board.progress('test')).toMatchObject({ running: true, done: 2, total: 3, failed: 1, finished_at: 0 })
    board.end('test', test!)
    expect(board.progress('test')).toMatchObject({ running: false, done: 2, total: 3, failed: 1 })
    expect(board.progress('test').finished_at).toBeGreaterThan(0)
    expect(board.begin('test', 1, 200)).toBeTypeOf('number')
  })

  it('ignores the steps of a run that is no longer the current one', () => {
    const board = new ChannelRunBoard()
    const first = board.begin('test', 2, 100)!
    board.end('test', first)
    const second = board.begin('test', 4, 200)!
    board.advance('test', first, false)
    board.end('test', first)
    expect(board.progress('test')).toMatchObject({ running: true, done: 0, total: 4, failed: 0 })
    board.advance('test', second, true)
    expect(board.progress('test')).toMatchObject({ running: true, done: 1 })
  })

  it('ends the runs of a process that died where they got to, so the next one can start', () => {
    const board = new ChannelRunBoard()
    const run = board.begin('balance', 5, 4242)!
    board.advance('balance', run, true)
    board.begin('test', 2, 777)
    board.ownerGone(4242)
    expect(board.progress('balance')).toMatchObject({ running: false, done: 1, total: 5 })
    expect(board.progress('test')).toMatchObject({ running: true })
    expect(board.begin('balance', 1, 777)).toBeTypeOf('number')
  })

  it('hands out copies: a caller cannot change the progress', () => {
    const board = new ChannelRunBoard()
    board.begin('test', 2, 1)
    board.progress('test').done = 99
    expect(board.progress('test').done).toBe(0)
  })
})
