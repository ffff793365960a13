import { batchTagInput, channelTagInput, editTagInput, ok } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { adminAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { editTag, setChannelsTag, setTagStatus } from '../../services/channels/tag-channels.ts'

/** /api/channel tag operations (admin): mounted inside channelRoutes. Each answers how many channels it touched. */
export const channelTagRoutes = new Hono<HonoEnv>()
  .post('/batch/tag', adminAuth, async (c) => {
    const { ids, tag } = await readJson(c, batchTagInput)
    return c.json(ok(await setChannelsTag(c.get('services'), ids, tag)))
  })
  .post('/tag/enabled', adminAuth, async (c) => {
    const { tag } = await readJson(c, channelTagInput)
    return c.json(ok(await setTagStatus(c.get('services'), tag, true)))
  })
  .post('/tag/disabled', adminAuth, async (c) => {
    const { tag } = await readJson(c, channelTagInput)
    return c.json(ok(await setTagStatus(c.get('services'), tag, false)))
  })
  .put('/tag', adminAuth, async (c) => {
    const input = await readJson(c, editTagInput)
    return c.json(ok(await editTag(c.get('services'), input)))
  })
