import { affTransferInput, notifySettingInput, ok } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { userAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { transferAffQuota } from '../../services/users/personal-aff-transfer.ts'
import { saveNotifySetting } from '../../services/users/personal-setting.ts'

/**
 * /api/user: the personal settings page's own writes (notification settings, invite-quota
 * transfer). Mounted before the other /api/user routes so these static paths win over `/:id`.
 */
export const personalRoutes = new Hono<HonoEnv>()
  .put('/setting', userAuth, async (c) => {
    const input = await readJson(c, notifySettingInput)
    await saveNotifySetting(c.get('services'), c.get('user').id, input)
    return c.json(ok(null, translate('personal.setting_saved', c.get('language'))))
  })
  .post('/aff_transfer', userAuth, async (c) => {
    const { quota } = await readJson(c, affTransferInput)
    await transferAffQuota(c.get('services'), c.get('user').id, quota)
    return c.json(ok(null, translate('personal.transfer_done', c.get('language'))))
  })
