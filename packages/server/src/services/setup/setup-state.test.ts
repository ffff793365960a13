import { expect, it } from 'vitest'
import { createHarness } from '../../../test/harness.ts'
import { holdFirstRead } from '../../../test/held-read.ts'
import { createLogger } from '../../lib/logger.ts'
import { ChangeBus, type Change } from '../changes/change-bus.ts'
import { trackSetupState } from './setup-state.ts'

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
    expect(state).toEqual({ done: true, rootDefaultPassword: false })
  } finally {
    await other.close()
  }
})
