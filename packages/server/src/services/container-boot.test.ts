import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { expect, it } from 'vitest'
import { WorkerLink } from '../cluster/worker-link.ts'
import { readEnv } from '../env.ts'
import { createLogger } from '../lib/logger.ts'
import { createServices } from './container.ts'

// A worker boots while another changes an option. A change committed and announced just before
// the booting worker joins the channel reaches it only through its own read of the table, so that
// read must come after the join. (Read first, and the worker kept the old value until restart.)
it('a worker reads the options only after it has joined the change channel', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'gw-boot-')), 'shared.db')
  const env = readEnv({ SQLITE_PATH: path, LOG_LEVEL: 'silent', SESSION_SECRET: 'boot-test' })
  const logger = createLogger('silent')
  const first = await createServices(env, logger)
  await first.options.set('Notice', 'before')

  const link = new WorkerLink({ send: () => true, on: () => undefined })
  const joinChannel = link.onChange.bind(link)
  link.onChange = (listener) => {
    // The other worker commits now, synchronously; its announcement went out before this join.
    const other = new DatabaseSync(path)
    other.prepare(`UPDATE options SET value = 'after' WHERE key = 'Notice'`).run()
    other.close()
    joinChannel(listener)
  }
  const booting = await createServices(env, logger, {}, { slot: 2, link })
  try {
    expect(booting.options.get('Notice')).toBe('after')
  } finally {
    await booting.close()
    await first.close()
  }
})
