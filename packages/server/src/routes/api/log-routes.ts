import { listLogsQuery, ok } from '@gateway/shared'
import { Hono, type Context } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { adminAuth, userAuth } from '../../middleware/auth.ts'
import { deleteLogsBefore, listLogs, logStat, type LogViewer } from '../../services/logs/log-queries.ts'
import { readQuery } from './route-params.ts'

const self = (c: Context<HonoEnv>): LogViewer => ({ admin: false, userId: c.get('user').id })
const all: LogViewer = { admin: true }

/**
 * /api/log: usage logs. Admins read every row (GET /, /stat); everyone reads their own (/self,
 * /self/stat), where username and channel filters are ignored, `admin_info` is removed from
 * `other` and channel names are blank. Ids are real: a user's own log ids reveal nothing.
 */
export const logRoutes = new Hono<HonoEnv>()
  .get('/', adminAuth, async (c) => c.json(ok(await listLogs(c.get('services'), all, readQuery(c, listLogsQuery)))))
  .get('/self', userAuth, async (c) =>
    c.json(ok(await listLogs(c.get('services'), self(c), readQuery(c, listLogsQuery))))
  )
  .get('/stat', adminAuth, async (c) => c.json(ok(await logStat(c.get('services'), all, readQuery(c, listLogsQuery)))))
  .get('/self/stat', userAuth, async (c) =>
    c.json(ok(await logStat(c.get('services'), self(c), readQuery(c, listLogsQuery))))
  )
  .delete('/', adminAuth, async (c) => {
    const raw = c.req.query('target_timestamp') ?? ''
    const target = /^\d{1,15}$/.test(raw) ? Number(raw) : undefined
    return c.json(ok(await deleteLogsBefore(c.get('services'), target)))
  })
