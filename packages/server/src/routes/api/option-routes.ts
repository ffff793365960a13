import { ok } from '@gateway/shared'
import { Hono } from 'hono'
import { z } from 'zod'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { rootAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { isSecretOptionKey } from '../../services/options/option-defaults.ts'
import { defaultModelRatio } from '../../services/options/model-ratio-defaults.ts'
import { toOptionString } from '../../services/options/option-rules.ts'

const updateOptionInput = z.object({ key: z.string().min(1).max(255), value: z.unknown() })

/** /api/option: the root's settings store. Secrets can be written but are never read back. */
export const optionRoutes = new Hono<HonoEnv>()
  .get('/', rootAuth, (c) => {
    const entries = c.get('services').options.entries().filter(([key]) => !isSecretOptionKey(key))
    return c.json(ok(entries.map(([key, value]) => ({ key, value }))))
  })
  .put('/', rootAuth, async (c) => {
    const { key, value } = await readJson(c, updateOptionInput)
    const stored = await c.get('services').options.set(key, toOptionString(value))
    return c.json(ok({ key, value: isSecretOptionKey(key) ? '' : stored }))
  })
  .post('/rest_model_ratio', rootAuth, async (c) => {
    await c.get('services').options.set('ModelRatio', JSON.stringify(defaultModelRatio))
    return c.json(ok(null, translate('option.model_ratio_reset', c.get('language'))))
  })
