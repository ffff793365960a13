import { ok } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { userAuth } from '../../middleware/auth.ts'
import { knownModelsByType } from '../../providers/known-models.ts'

/** /api/models: model names per channel type id, for the channel editor's suggestions (any signed-in user, like the reference). */
export const modelRoutes = new Hono<HonoEnv>().get('/', userAuth, (c) => c.json(ok(knownModelsByType())))
