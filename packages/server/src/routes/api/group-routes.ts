import { ok } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { adminAuth } from '../../middleware/auth.ts'

/** /api/group: the group names that have a ratio. */
export const groupRoutes = new Hono<HonoEnv>().get('/', adminAuth, (c) =>
  c.json(ok(Object.keys(c.get('services').options.json<Record<string, number>>('GroupRatio'))))
)
