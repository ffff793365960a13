/**
 * Where a model's price comes from: the root's own ModelPrice/ModelRatio entry, the model catalog
 * the server ships (a maintained package of provider prices), or nowhere (the relay refuses it).
 */
export type ModelPriceSource = 'root' | 'catalog' | 'none'

/** GET /api/option/model_catalog: one row per model the enabled channels serve. */
export interface ModelCatalogRow {
  model: string
  source: ModelPriceSource
  /** the values the relay charges with, from the source above (absent for 'none') */
  model_price?: number
  model_ratio?: number
  completion_ratio?: number
  cache_ratio?: number
  /** what the catalog lists, whatever the source: shown next to the root's values */
  catalog?: {
    model_ratio: number
    completion_ratio: number
    cache_ratio?: number
    context_window?: number
    output_limit?: number
  }
}

/** POST /api/option/model_catalog/fill: the models whose catalog prices were written into the root's options. */
export interface FillCatalogResult {
  filled: string[]
}
