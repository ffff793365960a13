import type {
  FillCatalogResult,
  ModelCatalogRow,
  OptionEntry,
  SecretOptionStatus,
  UpdateCheck,
  UpdateOptionInput,
} from '@gateway/shared'
import { queryOptions } from '@tanstack/react-query'
import { api, isApiError } from '@/lib/api-client'

export type OptionMap = Record<string, string>

export const optionsQueryKey = ['options'] as const

/** GET /api/option/: every non-secret option as key → string. */
export const optionsQuery = queryOptions({
  queryKey: optionsQueryKey,
  queryFn: async (): Promise<OptionMap> => {
    const entries = await api.get<OptionEntry[]>('/api/option/')
    return Object.fromEntries((entries ?? []).map((entry) => [entry.key, entry.value]))
  },
})

/** Which write-only secrets hold a value (the values themselves never reach the browser). */
export const secretStatusQuery = queryOptions({
  queryKey: ['options', 'secrets'] as const,
  queryFn: async (): Promise<Record<string, boolean>> => {
    const entries = await api.get<SecretOptionStatus[]>('/api/option/secrets')
    return Object.fromEntries((entries ?? []).map((entry) => [entry.key, entry.set]))
  },
})

export interface SaveFailure {
  key: string
  message: string
}

/**
 * One PUT per changed key, in order (a switch comes after the settings it needs), continuing past
 * failures so one bad value does not block the others; returns the keys that failed and why.
 */
export async function saveOptions(
  changes: readonly (readonly [string, string])[]
): Promise<{ saved: string[]; failed: SaveFailure[] }> {
  const saved: string[] = []
  const failed: SaveFailure[] = []
  for (const [key, value] of changes) {
    try {
      const body: UpdateOptionInput = { key, value }
      await api.put('/api/option/', body)
      saved.push(key)
    } catch (error) {
      failed.push({ key, message: isApiError(error) || error instanceof Error ? error.message : String(error) })
    }
  }
  return { saved, failed }
}

export const checkForUpdate = () => api.get<UpdateCheck>('/api/option/update')

export const resetModelRatios = () => api.post<null>('/api/option/rest_model_ratio')

/** DELETE /api/log/?target_timestamp=: removes logs before the moment; answers how many. */
export const cleanLogsBefore = (timestamp: number) =>
  api.delete<number>('/api/log/', { query: { target_timestamp: timestamp } })

/** GET /api/option/model_catalog: where each served model's price comes from (the root's entries or the catalog). */
export const modelCatalogQuery = queryOptions({
  queryKey: ['options', 'model-catalog'] as const,
  queryFn: async (): Promise<ModelCatalogRow[]> =>
    (await api.get<ModelCatalogRow[]>('/api/option/model_catalog')) ?? [],
})

/** Writes the catalog's prices into the root's options for served models the root has not priced. */
export const fillPricesFromCatalog = () => api.post<FillCatalogResult>('/api/option/model_catalog/fill')
