import { batchTagInput, channelTagInput, editTagInput, ok } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { channelWriteAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { editTag, setChannelsTag, setTagStatus } from '../../services/channels/tag-channels.ts'

/** /api/channel tag operations (channelWriteAuth): mounted inside channelRoutes. Each answers how many channels it touched. */
export const channelTagRoutes = new Hono<HonoEnv>()
  .post('/batch/tag', channelWriteAuth, async (c) => {
    const { ids, tag } = await readJson(c, batchTagInput)
    return c.json(ok(await setChannelsTag(c.get('services'), ids, tag)))
  })
  .post('/tag/enabled', channelWriteAuth, async (c) => {
    const { tag } = await readJson(c, channelTagInput)
    return c.json(ok(await setTagStatus(c.get('services'), tag, true)))
  })
  .post('/tag/disabled', channelWriteAuth, async (c) => {
    const { tag } = await readJson(c, channelTagInput)
    return c.json(ok(await setTagStatus(c.get('services'), tag, false)))
  })
  .put('/tag', channelWriteAuth, async (c) => {
    const input = await readJson(c, editTagInput)
    return c.json(ok(await editTag(c.get('services'), input)))
  })
