import {
  addChannelInput,
  channelIdsInput,
  listChannelsQuery,
  multiKeyManageInput,
  ok,
  Role,
  searchChannelsQuery,
  updateChannelInput,
} from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { adminAuth, channelWriteAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { createChannels } from '../../services/channels/create-channels.ts'
import { deleteChannel, deleteChannels, deleteDisabledChannels } from '../../services/channels/delete-channels.ts'
import { fixAbilities } from '../../services/channels/fix-abilities.ts'
import {
  getChannel,
  listChannels,
  listEnabledChannelModels,
  searchChannels,
} from '../../services/channels/list-channels.ts'
import { manageChannelKeys } from '../../services/channels/manage-channel-keys.ts'
import { updateChannel } from '../../services/channels/update-channel.ts'
import { channelOpsRoutes } from './channel-ops-routes.ts'
import { channelTagRoutes } from './channel-tag-routes.ts'
import { readId, readQuery } from './route-params.ts'

/**
 * /api/channel: upstream channels. Admins read them; changing them is channelWriteAuth's (the root,
 * or admins when the root allows it). No answer ever carries a channel key. Fixed paths are
 * registered before /:id so that they are not taken for ids.
 */
export const channelRoutes = new Hono<HonoEnv>()
  .get('/', adminAuth, async (c) => c.json(ok(await listChannels(c.get('services'), readQuery(c, listChannelsQuery)))))
  .get('/search', adminAuth, async (c) =>
    c.json(ok(await searchChannels(c.get('services'), readQuery(c, searchChannelsQuery))))
  )
  .get('/models_enabled', adminAuth, async (c) => c.json(ok(await listEnabledChannelModels(c.get('services')))))
  /** The reference's body `{mode: single|batch|multi_to_single, multi_key_mode, channel}`, or a bare channel (batch). */
  .post('/', channelWriteAuth, async (c) => {
    const input = await readJson(c, addChannelInput)
    return c.json(ok(await createChannels(c.get('services'), input, c.get('user').role >= Role.root)))
  })
  .put('/', channelWriteAuth, async (c) => {
    const input = await readJson(c, updateChannelInput)
    return c.json(ok(await updateChannel(c.get('services'), input, c.get('user').role >= Role.root)))
  })
  .delete('/disabled', channelWriteAuth, async (c) => c.json(ok(await deleteDisabledChannels(c.get('services')))))
  .post('/batch', channelWriteAuth, async (c) => {
    const { ids } = await readJson(c, channelIdsInput)
    return c.json(ok(await deleteChannels(c.get('services'), ids)))
  })
  /**
   * The key manager of a multi-key channel (the reference's actions, keys masked). One route for
   * reading and changing, as in the reference, so it is channel-write's as a whole.
   */
  .post('/multi_key/manage', channelWriteAuth, async (c) => {
    const result = await manageChannelKeys(c.get('services'), await readJson(c, multiKeyManageInput))
    if ('page' in result) return c.json(ok(result.page))
    return c.json({
      success: true,
      message: translate(result.message, c.get('language'), result.params),
      data: result.data ?? null,
    })
  })
  .post('/fix', channelWriteAuth, async (c) => c.json(ok(await fixAbilities(c.get('services')))))
  .route('/', channelTagRoutes)
  .route('/', channelOpsRoutes)
  .get('/:id', adminAuth, async (c) => c.json(ok(await getChannel(c.get('services'), readId(c, 'channel.not_found')))))
  .delete('/:id', channelWriteAuth, async (c) => {
    await deleteChannel(c.get('services'), readId(c, 'channel.not_found'))
    return c.json(ok(null))
  })
