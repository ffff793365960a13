import { ok, QuotaType, type EndpointType, type PricingEnvelopeExtras, type PricingItem } from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { publicRoute, tryAuthenticate } from '../../middleware/auth.ts'
import type { RoutingSnapshot } from '../../relay/cache/channel-cache.ts'
import { catalogEntry } from '../../services/billing/model-catalog.ts'
import { groupRatioFor, pricingName, resolvePrice } from '../../services/billing/resolve-price.ts'
import type { OptionStore } from '../../services/options/option-store.ts'
import { ENDPOINT_PATHS, endpointTypesOf } from '../../services/pricing/supported-endpoints.ts'
import { usableGroups } from '../../services/users/usable-groups.ts'

/**
 * The reference tags its answer with the version of its pricing format; its console compares it to
 * know which fields to expect. We answer the format of the version we follow.
 */
const PRICING_VERSION = 'a42d372ccf0b5dd13ecf71203521f9d2'

/**
 * Every model an enabled channel serves, with the groups that serve it and its price. A model
 * with neither a price nor a ratio shows the ratio the relay would charge in self-use mode.
 */
export function buildPricing(options: OptionStore, snapshot: RoutingSnapshot): PricingItem[] {
  const groupsByModel = new Map<string, Set<string>>()
  const endpointsByModel = new Map<string, Set<EndpointType>>()
  for (const [group, models] of snapshot.routes) {
    for (const [model, levels] of models) {
      const groups = groupsByModel.get(model) ?? new Set<string>()
      groups.add(group)
      groupsByModel.set(model, groups)
      const endpoints = endpointsByModel.get(model) ?? new Set<EndpointType>()
      for (const candidate of levels.flat())
        for (const type of endpointTypesOf(candidate.channel.type)) endpoints.add(type)
      endpointsByModel.set(model, endpoints)
    }
  }
  return [...groupsByModel.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([model, groups]): PricingItem => {
      const enable_groups = [...groups].sort()
      const supported_endpoint_types = [...(endpointsByModel.get(model) ?? [])].sort()
      const price = resolvePrice(options, model, 'default', '', true)
      const entry = catalogEntry(pricingName(model))
      const limits = {
        ...(entry?.contextWindow === undefined ? {} : { context_window: entry.contextWindow }),
        ...(entry?.outputLimit === undefined ? {} : { output_limit: entry.outputLimit }),
      }
      if (price?.kind === 'per-call') {
        return {
          model_name: model,
          quota_type: QuotaType.perCall,
          model_ratio: 0,
          model_price: price.modelPrice,
          owner_by: '',
          completion_ratio: 0,
          enable_groups,
          supported_endpoint_types,
          ...limits,
        }
      }
      return {
        model_name: model,
        quota_type: QuotaType.ratio,
        model_ratio: price?.modelRatio ?? 0,
        model_price: 0,
        owner_by: '',
        completion_ratio: price?.completionRatio ?? 1,
        enable_groups,
        supported_endpoint_types,
        ...limits,
      }
    })
}

/**
 * /api/pricing (public; a signed-in caller sees their own usable groups). group_ratio holds the
 * caller's usable groups that have a ratio, with the caller's special group-to-group ratio where
 * one is set; data keeps the models at least one usable group can reach. Next to them, as the
 * reference sends them: the endpoints in use, the caller's auto groups and the format version.
 */
export const pricingRoutes = new Hono<HonoEnv>().get('/', publicRoute, async (c) => {
  const services = c.get('services')
  const user = await tryAuthenticate(c)
  const userGroup = user?.group ?? ''
  const usable = usableGroups(
    services.options,
    userGroup || undefined,
    translate('user.own_group_desc', c.get('language'))
  )
  const ratios = services.options.json<Record<string, number>>('GroupRatio')
  const group_ratio: Record<string, number> = {}
  for (const group of Object.keys(usable)) {
    if (typeof ratios[group] === 'number')
      group_ratio[group] = groupRatioFor(services.options, group, userGroup).groupRatio
  }
  const items = buildPricing(services.options, await services.relay.channels.current())
  const data = items.filter((item) => item.enable_groups.some((group) => Object.hasOwn(usable, group)))
  const endpointTypes = new Set(data.flatMap((item) => item.supported_endpoint_types))
  const supported_endpoint = Object.fromEntries([...endpointTypes].sort().map((type) => [type, ENDPOINT_PATHS[type]]))
  // Model vendors are the reference's model catalogue, which we do not keep: none to list.
  const autoGroups = services.options.json<string[]>('AutoGroups').filter((group) => Object.hasOwn(usable, group))
  const extras: PricingEnvelopeExtras = {
    group_ratio,
    usable_group: usable,
    vendors: [],
    supported_endpoint,
    auto_groups: autoGroups,
    pricing_version: PRICING_VERSION,
  }
  return c.json({ ...ok(data), ...extras })
})
