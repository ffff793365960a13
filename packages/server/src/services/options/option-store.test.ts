import { afterEach, beforeEach, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../../test/harness.ts'
import { holdFirstRead } from '../../../test/held-read.ts'
import { OptionStore } from './option-store.ts'

let other: Harness
beforeEach(async () => {
  other = await createHarness()
  await other.services.options.set('Notice', 'old')
})
afterEach(() => other.close())

// The full load reads 'old' and is held; the newer value reaches the store meanwhile. When the
// held load finally hands back its rows, the older value must not come back.
it('a full load that finishes late does not put back a value an announced reload replaced', async () => {
  const gate = holdFirstRead(other.services.db, 'options')
  const store = new OptionStore(gate.db)
  const loading = store.load()
  await gate.held
  await other.services.options.set('Notice', 'new')
  await store.reload('Notice')
  gate.release()
  await loading
  expect(store.get('Notice')).toBe('new')
})

it('a full load that finishes late does not put back a value saved here meanwhile', async () => {
  const gate = holdFirstRead(other.services.db, 'options')
  const store = new OptionStore(gate.db)
  const loading = store.load()
  await gate.held
  await store.set('Notice', 'mine')
  gate.release()
  await loading
  expect(store.get('Notice')).toBe('mine')
  // Keys the held load read and nothing replaced are still taken from it.
  expect(store.get('SystemName')).toBe(other.services.options.get('SystemName'))
})
