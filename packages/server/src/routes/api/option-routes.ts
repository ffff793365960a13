import {
  ok,
  updateOptionInput,
  type FillCatalogResult,
  type ModelCatalogRow,
  type OptionEntry,
  type SecretOptionStatus,
  type UpdateCheck,
} from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { rootAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import type { RoutingSnapshot } from '../../relay/cache/channel-cache.ts'
import { catalogRows, fillFromCatalog } from '../../services/billing/catalog-fill.ts'
import { defaultModelRatio } from '../../services/options/model-ratio-defaults.ts'
import { isSecretOptionKey, optionDefaults, type OptionKey } from '../../services/options/option-defaults.ts'
import { toOptionString } from '../../services/options/option-rules.ts'
import { fetchLatestRelease } from '../../services/options/update-check.ts'

const secretKeys = (Object.keys(optionDefaults) as OptionKey[]).filter(isSecretOptionKey)

/** The models the enabled channels serve, in any group. */
const servedModels = (snapshot: RoutingSnapshot): string[] =>
  [...snapshot.routes.values()].flatMap((models) => [...models.keys()])

/** /api/option: the root's settings store. Secrets can be written but are never read back. */
export const optionRoutes = new Hono<HonoEnv>()
  .get('/', rootAuth, (c) => {
    const entries = c
      .get('services')
      .options.entries()
      .filter(([key]) => !isSecretOptionKey(key))
    return c.json(ok(entries.map(([key, value]): OptionEntry => ({ key, value }))))
  })
  .put('/', rootAuth, async (c) => {
    const { key, value } = await readJson(c, updateOptionInput)
    const stored = await c.get('services').options.set(key, toOptionString(value))
    return c.json(ok({ key, value: isSecretOptionKey(key) ? '' : stored }))
  })
  // Which secrets hold a value, never the value: the console shows 'set' / 'not set'.
  .get('/secrets', rootAuth, (c) => {
    const options = c.get('services').options
    return c.json(ok(secretKeys.map((key): SecretOptionStatus => ({ key, set: options.get(key) !== '' }))))
  })
  // The release check runs here: the console's CSP allows no third-party fetches.
  .get('/update', rootAuth, async (c) => {
    const services = c.get('services')
    const release = await fetchLatestRelease(services.options)
    const message = release ? '' : translate('settings.update_check_failed', c.get('language'))
    return c.json(ok<UpdateCheck>({ current_version: services.version, release }, message))
  })
  .post('/rest_model_ratio', rootAuth, async (c) => {
    await c.get('services').options.set('ModelRatio', JSON.stringify(defaultModelRatio))
    return c.json(ok(null, translate('option.model_ratio_reset', c.get('language'))))
  })
  // Where each served model's price comes from (the root's entries or the model catalog).
  .get('/model_catalog', rootAuth, async (c) => {
    const services = c.get('services')
    return c.json(
      ok<ModelCatalogRow[]>(catalogRows(services.options, servedModels(await services.relay.channels.current())))
    )
  })
  // Copies the catalog's prices into the root's options for served models the root has not priced.
  .post('/model_catalog/fill', rootAuth, async (c) => {
    const services = c.get('services')
    const result = await fillFromCatalog(services.options, servedModels(await services.relay.channels.current()))
    return c.json(
      ok<FillCatalogResult>(
        result,
        translate('option.catalog_filled', c.get('language'), { count: result.filled.length })
      )
    )
  })
