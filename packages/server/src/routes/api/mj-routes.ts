import { ok, type MjListQuery, type MjTask, type Page } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { serverAddress } from '../../lib/server-address.ts'
import { adminAuth, userAuth } from '../../middleware/auth.ts'
import { toConsoleTask } from '../../relay/midjourney/mj-task-view.ts'
import { listDrawings, type MidjourneyFilter } from '../../services/tasks/list-tasks.ts'
import { readPage } from './route-params.ts'

/** Timestamps below this are seconds (the spec's filters); above, milliseconds (the reference console sent those). */
const MILLISECOND_THRESHOLD = 100_000_000_000

function integer(c: Context<HonoEnv>, name: keyof MjListQuery, min: number, max: number): number | undefined {
  const raw = (c.req.query(name) ?? '').trim()
  if (raw === '') return undefined
  if (!/^-?\d{1,16}$/.test(raw)) throw new AppError('BAD_REQUEST', 'common.field_invalid', { field: name })
  const value = Number(raw)
  if (value < min || value > max) throw new AppError('BAD_REQUEST', 'common.field_invalid', { field: name })
  return value
}

const toMs = (value: number | undefined) =>
  value === undefined ? undefined : value >= MILLISECOND_THRESHOLD ? value : value * 1000

/**
 * The list query as the reference reads it: 1-based `p` and `page_size` (1..100, `size` as an
 * alias), task id, submit-time range in seconds, and for admins the channel.
 */
function readFilter(
  c: Context<HonoEnv>,
  admin: boolean
): { filter: MidjourneyFilter; page: number; offset: number; limit: number } {
  const { p: page, page_size: limit } = readPage(c)
  const mjId = (c.req.query('mj_id') ?? '').trim()
  if (mjId.length > 128) throw new AppError('BAD_REQUEST', 'common.field_invalid', { field: 'mj_id' })
  const startMs = toMs(integer(c, 'start_timestamp', 0, Number.MAX_SAFE_INTEGER))
  const endMs = toMs(integer(c, 'end_timestamp', 0, Number.MAX_SAFE_INTEGER))
  const filter: MidjourneyFilter = {
    mjId: mjId || undefined,
    startMs,
    // A whole second: a task submitted at 12:00:00.900 is inside a range ending at 12:00:00.
    endMs: endMs === undefined ? undefined : endMs + 999,
    userId: admin ? undefined : c.get('user').id,
    channelId: admin ? integer(c, 'channel_id', 0, 2_147_483_647) || undefined : undefined,
  }
  return { filter, page, offset: (page - 1) * limit, limit }
}

async function list(c: Context<HonoEnv>, admin: boolean) {
  const services = c.get('services')
  const { filter, page, offset, limit } = readFilter(c, admin)
  const { rows, total } = await listDrawings(services, filter, offset, limit)
  const answer: Page<MjTask> = {
    items: rows.map((row) => toConsoleTask(services.options, row, admin, serverAddress(c))),
    total,
    page,
    page_size: limit,
  }
  return c.json(ok(answer))
}

/**
 * /api/mj: drawing tasks. Admins list every user's (GET /, with a channel filter); users their
 * own (GET /self, channel ignored and not shown). `data` is `{items, total, page, page_size}`, as the reference pages it.
 */
export const mjRoutes = new Hono<HonoEnv>()
  .get('/', adminAuth, (c) => list(c, true))
  .get('/self', userAuth, (c) => list(c, false))
