import { expect, it } from 'vitest'
import { createHarness } from '../../../test/harness.ts'
import { holdFirstRead } from '../../../test/held-read.ts'
import { createLogger } from '../../lib/logger.ts'
import { ChangeBus, type Change } from '../changes/change-bus.ts'
import { DEFAULT_ROOT_PASSWORD, hashPassword } from '../users/password.ts'
import { TrackedSetupState, trackSetupState } from './setup-state.ts'

// A second worker boots while the first finishes the setup: its first read of the state saw no
// setup yet, and the announcement came before that read handed back its answer.
it('a setup finished elsewhere during the first read is kept, and the older read does not undo it', async () => {
  const other = await createHarness()
  try {
    const gate = holdFirstRead(other.services.db, 'setups')
    const bus = new ChangeBus(createLogger('silent'))
    let deliver: (change: Change) => void = () => undefined
    bus.connectCluster({ announce: () => undefined, onChange: (listener) => (deliver = listener) })

    const tracking = trackSetupState(gate.db, bus)
    await gate.held
    await other.setupRoot()
    deliver({ kind: 'setup' })
    // The read the announcement started hands back "set up" first; then the held one, "not yet".
    await expect.poll(gate.finished).toBe(1)
    gate.release()

    const state = await tracking
    expect(state).toMatchObject({ done: true, rootDefaultPassword: false })
  } finally {
    await other.close()
  }
})

// This process finishes the setup while a read that started before it (a resync, another worker's
// announcement) is still under way: that read saw no setup and must not put "not set up" back.
it("this process's own setup is not undone by a read that started before it", async () => {
  const other = await createHarness()
  try {
    const gate = holdFirstRead(other.services.db, 'setups')
    const state = new TrackedSetupState(gate.db)
    const reading = state.refresh()
    await gate.held
    await other.setupRoot()
    state.wrote({ done: true, rootDefaultPassword: false })
    gate.release()
    await reading

    expect(gate.finished()).toBe(1)
    expect(state).toMatchObject({ done: true, rootDefaultPassword: false })
  } finally {
    await other.close()
  }
})

// Root changes the old default password while a read that found it still set is under way: the
// warning stays gone, and what that read found about the rest (set up) is still taken.
it('a read older than a local write loses that field only', async () => {
  const other = await createHarness()
  try {
    await other.setupRoot()
    const defaultHash = await hashPassword(DEFAULT_ROOT_PASSWORD)
    await other.services.db.updateTable('users').set({ password: defaultHash }).where('role', '=', 100).execute()
    const gate = holdFirstRead(other.services.db, 'users')
    const state = new TrackedSetupState(gate.db)
    const reading = state.refresh()
    await gate.held
    const newHash = await hashPassword('a-new-Passw0rd')
    await other.services.db.updateTable('users').set({ password: newHash }).where('role', '=', 100).execute()
    state.wrote({ rootDefaultPassword: false })
    gate.release()
    await reading

    expect(gate.finished()).toBe(1)
    expect(state).toMatchObject({ done: true, rootDefaultPassword: false })
    // A read that starts now sees the same.
    await state.refresh()
    expect(state).toMatchObject({ done: true, rootDefaultPassword: false })
  } finally {
    await other.close()
  }
})
