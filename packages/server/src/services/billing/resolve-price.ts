import type { OptionStore } from '../options/option-store.ts'
import { completionRatioFor } from './completion-ratio.ts'
import { catalogEntry } from './model-catalog.ts'

/** How one request of a model is priced, with the ratios the log will explain. */
export type Price =
  | { kind: 'per-call'; modelPrice: number; groupRatio: number; userGroupRatio?: number }
  | {
      kind: 'ratio'
      modelRatio: number
      completionRatio: number
      cacheRatio: number
      cacheCreationRatio: number
      groupRatio: number
      userGroupRatio?: number
    }

/** The ratio the reference charges for a model nobody priced; only usable in self-use mode. */
export const UNSET_MODEL_RATIO = 37.5
const DEFAULT_CACHE_CREATION_RATIO = 1.25

/** gpt-4-gizmo-g-xxx and gpt-4o-gizmo-g-xxx are priced as one family each. */
export function pricingName(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*'
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*'
  return model
}

/**
 * The group multiplier: GroupRatio of the group used, unless GroupGroupRatio sets a special one
 * for the user's own group using that group.
 */
export function groupRatioFor(
  options: OptionStore,
  usingGroup: string,
  userGroup: string
): { groupRatio: number; userGroupRatio?: number } {
  const special = options.json<Record<string, Record<string, number>>>('GroupGroupRatio')[userGroup]?.[usingGroup]
  if (typeof special === 'number' && special >= 0) return { groupRatio: special, userGroupRatio: special }
  const ratio = options.json<Record<string, number>>('GroupRatio')[usingGroup]
  return { groupRatio: typeof ratio === 'number' && ratio >= 0 ? ratio : 1 }
}

/**
 * Prices a model by its requested (not upstream) name: a fixed per-call price first, then the
 * model ratio. The root's options always win (their defaults are the built-in table, which the
 * console shows and edits as the root's own); the model catalog fills what they lack. Returns
 * undefined for a model priced by neither, unless self-use mode or the user's own setting accepts
 * the default ratio.
 */
export function resolvePrice(
  options: OptionStore,
  model: string,
  usingGroup: string,
  userGroup: string,
  acceptUnsetRatio = false
): Price | undefined {
  // Every relayed request asks this; the answer only changes with the options, so it is kept
  // until they change (shared and frozen: nobody may change a price they were given).
  let memo = memos.get(options)
  if (memo?.version !== options.version) {
    memo = { version: options.version, prices: new Map() }
    memos.set(options, memo)
  }
  const key = `${model}\n${usingGroup}\n${userGroup}\n${acceptUnsetRatio ? 1 : 0}`
  let price = memo.prices.get(key)
  if (price === undefined) {
    if (memo.prices.size >= MAX_MEMO) memo.prices.clear()
    price = Object.freeze(priceOf(options, model, usingGroup, userGroup, acceptUnsetRatio)) ?? null
    memo.prices.set(key, price)
  }
  return price ?? undefined
}

const MAX_MEMO = 10_000
const memos = new WeakMap<OptionStore, { version: number; prices: Map<string, Price | null> }>()

function priceOf(
  options: OptionStore,
  model: string,
  usingGroup: string,
  userGroup: string,
  acceptUnsetRatio: boolean
): Price | undefined {
  const name = pricingName(model)
  const group = groupRatioFor(options, usingGroup, userGroup)
  const modelPrice = options.json<Record<string, number>>('ModelPrice')[name]
  if (typeof modelPrice === 'number' && modelPrice >= 0) return { kind: 'per-call', modelPrice, ...group }
  const catalog = catalogEntry(name)
  const completionRatios = options.json<Record<string, number>>('CompletionRatio')
  let modelRatio = options.json<Record<string, number>>('ModelRatio')[name]
  let completionRatio: number
  if (typeof modelRatio === 'number' && modelRatio >= 0) {
    completionRatio = completionRatioFor(name, completionRatios, catalog?.completionRatio)
  } else if (catalog) {
    // The catalog's input and output prices are a pair: its output ratio, unless the root set one.
    modelRatio = catalog.modelRatio
    const configured = completionRatios[name]
    completionRatio = typeof configured === 'number' && configured >= 0 ? configured : catalog.completionRatio
  } else {
    if (!options.bool('SelfUseModeEnabled') && !acceptUnsetRatio) return undefined
    modelRatio = UNSET_MODEL_RATIO
    completionRatio = completionRatioFor(name, completionRatios)
  }
  const cacheRatio = options.json<Record<string, number>>('CacheRatio')[name]
  return {
    kind: 'ratio',
    modelRatio,
    completionRatio,
    cacheRatio: typeof cacheRatio === 'number' && cacheRatio >= 0 ? cacheRatio : (catalog?.cacheRatio ?? 1),
    cacheCreationRatio: catalog?.cacheCreationRatio ?? DEFAULT_CACHE_CREATION_RATIO,
    ...group,
  }
}
