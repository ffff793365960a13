import { ok, QUOTA_DATA_SELF_MAX_SPAN_SECONDS } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { nowSeconds } from '../../lib/time.ts'
import { adminAuth, userAuth } from '../../middleware/auth.ts'
import { listOwnQuotaData, listQuotaData, type QuotaDataRange } from '../../services/usage/quota-data.ts'

/** The range used when the request names no start: the last day. */
export const DEFAULT_SPAN_SECONDS = 86_400
const HOUR = 3600

function readTimestamp(c: Context<HonoEnv>, field: 'start_timestamp' | 'end_timestamp'): number | undefined {
  const raw = (c.req.query(field) ?? '').trim()
  if (raw === '') return undefined
  if (!/^\d{1,12}$/.test(raw)) throw new AppError('BAD_REQUEST', 'dashboard.invalid_timestamp', { field })
  return Number(raw)
}

/**
 * start_timestamp and end_timestamp (unix seconds, optional: the last day up to now). Rows are hour
 * buckets keyed by the hour's start, so the start is rounded down to its hour: a range beginning
 * at 10:30 still shows the 10:00 bucket it overlaps.
 */
function readRange(c: Context<HonoEnv>, maxSpan?: number): QuotaDataRange {
  const end = readTimestamp(c, 'end_timestamp') ?? nowSeconds()
  const start = readTimestamp(c, 'start_timestamp') ?? Math.max(0, end - DEFAULT_SPAN_SECONDS)
  if (end < start) throw new AppError('BAD_REQUEST', 'dashboard.range_reversed')
  if (maxSpan !== undefined && end - start > maxSpan) throw new AppError('BAD_REQUEST', 'dashboard.span_too_long')
  return { start: start - (start % HOUR), end }
}

/**
 * /api/data: the dashboard's hourly rollups (quota_data). Admins read every user summed per model
 * and hour, or one user's rows by username; everyone reads their own rows over at most a month.
 */
export const dataRoutes = new Hono<HonoEnv>()
  .get('/', adminAuth, async (c) => {
    const range = readRange(c)
    const username = (c.req.query('username') ?? '').trim()
    if (username.length > 64) throw new AppError('BAD_REQUEST', 'dashboard.username_too_long')
    const services = c.get('services')
    const rows = await listQuotaData(services, username, range)
    return c.json(ok(rows))
  })
  .get('/self', userAuth, async (c) => {
    const range = readRange(c, QUOTA_DATA_SELF_MAX_SPAN_SECONDS)
    const services = c.get('services')
    return c.json(ok(await listOwnQuotaData(services, c.get('user').id, range)))
  })
