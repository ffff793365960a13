import { fetchModelsInput, ok } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate } from '../../i18n/messages.ts'
import { adminAuth, rootAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { detectUpstream, listModelDescriptors } from '../../services/channels/channel-models.ts'
import { channelRunProgress } from '../../services/channels/channel-runs.ts'
import { fetchChannelModels, fetchModelsFor } from '../../services/channels/fetch-upstream-models.ts'
import { startTestAllRun, testOneChannel } from '../../services/channels/test-channels.ts'
import { startBalanceUpdateRun, updateChannelBalance } from '../../services/channels/update-balance.ts'
import { readId } from './route-params.ts'

/**
 * /api/channel operations that call upstreams: tests, balances, model lists, upstream detection.
 * Mounted inside channelRoutes before /:id. The fleet-wide runs answer at once with their progress
 * and go on in the background; `/test/progress` and `/update_balance/progress` report on them.
 */
export const channelOpsRoutes = new Hono<HonoEnv>()
  .get('/test/progress', adminAuth, async (c) => c.json(ok(await channelRunProgress(c.get('services'), 'test'))))
  .get('/test', adminAuth, async (c) => {
    const services = c.get('services')
    if (!(await startTestAllRun(services, services.env.POLLING_INTERVAL * 1000)))
      throw new AppError('CONFLICT', 'channel.test_running')
    const progress = await channelRunProgress(services, 'test')
    // The reference names the run it started as a task; ours is the run that began at started_at.
    const run = { task_id: `channel-test-${progress.started_at}`, status: progress.running ? 'running' : 'succeeded' }
    return c.json(ok({ ...progress, ...run }, translate('channel.test_started', c.get('language'))))
  })
  /**
   * A finished test answers 200 whether the upstream passed or not: the top-level success, message
   * and time are the test's own (as the reference answers them), and `data` repeats them.
   */
  .get('/test/:id', adminAuth, async (c) => {
    const result = await testOneChannel(
      c.get('services'),
      readId(c, 'channel.not_found'),
      c.req.query('model'),
      c.get('language')
    )
    return c.json({ success: result.success, message: result.message, time: result.time, data: result })
  })
  .get('/update_balance/progress', adminAuth, async (c) =>
    c.json(ok(await channelRunProgress(c.get('services'), 'balance')))
  )
  .get('/update_balance', adminAuth, async (c) => {
    const services = c.get('services')
    if (!(await startBalanceUpdateRun(services))) throw new AppError('CONFLICT', 'channel.balance_running')
    return c.json(
      ok(await channelRunProgress(services, 'balance'), translate('channel.balance_started', c.get('language')))
    )
  })
  /** `balance` also at the top level, where clients of the reference read it. */
  .get('/update_balance/:id', adminAuth, async (c) => {
    const balance = await updateChannelBalance(c.get('services'), readId(c, 'channel.not_found'))
    return c.json({ ...ok(balance), balance })
  })
  .get('/fetch_models/:id', adminAuth, async (c) =>
    c.json(ok(await fetchChannelModels(c.get('services'), readId(c, 'channel.not_found'))))
  )
  /** Root only: it sends a typed-in key to a typed-in address, which is the most an admin can do with the guard. */
  .post('/fetch_models', rootAuth, async (c) =>
    c.json(ok(await fetchModelsFor(c.get('services'), await readJson(c, fetchModelsInput))))
  )
  .get('/models', adminAuth, async (c) => c.json(ok(await listModelDescriptors(c.get('services')))))
  .get('/test_upstream/:id', adminAuth, async (c) =>
    c.json(ok(await detectUpstream(c.get('services'), readId(c, 'channel.not_found'))))
  )
