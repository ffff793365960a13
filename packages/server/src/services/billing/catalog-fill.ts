import type { FillCatalogResult, ModelCatalogRow } from '@gateway/shared'
import type { OptionStore } from '../options/option-store.ts'
import { catalogEntry, type CatalogEntry } from './model-catalog.ts'
import { pricingName, resolvePrice } from './resolve-price.ts'

type RatioMap = Record<string, number>

const isSet = (value: unknown): value is number => typeof value === 'number' && value >= 0

/** The root priced a model when its ModelPrice or ModelRatio option names it. */
function rootPriced(options: OptionStore, name: string): boolean {
  return isSet(options.json<RatioMap>('ModelPrice')[name]) || isSet(options.json<RatioMap>('ModelRatio')[name])
}

function catalogView(entry: CatalogEntry): NonNullable<ModelCatalogRow['catalog']> {
  return {
    model_ratio: entry.modelRatio,
    completion_ratio: entry.completionRatio,
    ...(entry.cacheRatio === undefined ? {} : { cache_ratio: entry.cacheRatio }),
    ...(entry.contextWindow === undefined ? {} : { context_window: entry.contextWindow }),
    ...(entry.outputLimit === undefined ? {} : { output_limit: entry.outputLimit }),
  }
}

/** Each model with the source of its price and the values the relay charges with. */
export function catalogRows(options: OptionStore, models: readonly string[]): ModelCatalogRow[] {
  return [...new Set(models)].sort().map((model): ModelCatalogRow => {
    const name = pricingName(model)
    const entry = catalogEntry(name)
    const catalog = entry ? { catalog: catalogView(entry) } : {}
    const source = rootPriced(options, name) ? 'root' : entry ? 'catalog' : 'none'
    // Self-use mode would price an unknown model at the default ratio: that is no source.
    const price = source === 'none' ? undefined : resolvePrice(options, model, 'default', '', true)
    if (!price) return { model, source, ...catalog }
    if (price.kind === 'per-call') return { model, source, model_price: price.modelPrice, ...catalog }
    return {
      model,
      source,
      model_ratio: price.modelRatio,
      completion_ratio: price.completionRatio,
      cache_ratio: price.cacheRatio,
      ...catalog,
    }
  })
}

/**
 * Writes the catalog's ratios into the root's options for the models that have neither a price
 * nor a ratio of the root's, so they stay put when the catalog package is updated. Entries the
 * root already has (a completion or cache ratio of their own) are kept.
 */
export async function fillFromCatalog(options: OptionStore, models: readonly string[]): Promise<FillCatalogResult> {
  const modelRatio: RatioMap = { ...options.json<RatioMap>('ModelRatio') }
  const completionRatio: RatioMap = { ...options.json<RatioMap>('CompletionRatio') }
  const cacheRatio: RatioMap = { ...options.json<RatioMap>('CacheRatio') }
  const filled: string[] = []
  for (const model of [...new Set(models.map(pricingName))].sort()) {
    const entry = catalogEntry(model)
    if (!entry || rootPriced(options, model)) continue
    modelRatio[model] = entry.modelRatio
    if (!isSet(completionRatio[model])) completionRatio[model] = entry.completionRatio
    if (entry.cacheRatio !== undefined && !isSet(cacheRatio[model])) cacheRatio[model] = entry.cacheRatio
    filled.push(model)
  }
  if (filled.length === 0) return { filled }
  // The model ratio last: a model counts as the root's only once its whole entry is written.
  await options.set('CompletionRatio', JSON.stringify(completionRatio))
  await options.set('CacheRatio', JSON.stringify(cacheRatio))
  await options.set('ModelRatio', JSON.stringify(modelRatio))
  return { filled }
}
