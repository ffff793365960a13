/** A row of the model pricing table; numbers stay text while edited. */
export interface PricingRow {
  name: string
  /** Fixed price per call; when set, the row is saved only as a price. */
  price: string
  ratio: string
  completionRatio: string
}

export type PricingMaps = {
  ModelPrice: Record<string, number>
  ModelRatio: Record<string, number>
  CompletionRatio: Record<string, number>
}

const parseMap = (text: string | undefined): Record<string, number> => {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}')
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {}
  } catch {
    return {}
  }
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value))

/** One row per model named in any of the three maps, sorted by name. */
export function buildRows(stored: Readonly<Record<string, string>>): PricingRow[] {
  const price = parseMap(stored.ModelPrice)
  const ratio = parseMap(stored.ModelRatio)
  const completion = parseMap(stored.CompletionRatio)
  const names = [...new Set([...Object.keys(price), ...Object.keys(ratio), ...Object.keys(completion)])].sort()
  return names.map((name) => ({
    name,
    price: text(price[name]),
    ratio: text(ratio[name]),
    completionRatio: text(completion[name]),
  }))
}

export const isNumberText = (value: string): boolean =>
  value.trim() === '' || (/^\d*\.?\d+$|^\d+\.$/.test(value.trim()) && Number.isFinite(Number(value)))

export type RowProblem = 'nameRequired' | 'notNumber' | 'duplicate' | 'needsPrice'

/** The add-model dialog's rules: a name, not taken, numbers only, and a price or a ratio. */
export function checkNewRow(rows: readonly PricingRow[], row: PricingRow): RowProblem | null {
  const name = row.name.trim()
  if (!name) return 'nameRequired'
  if (![row.price, row.ratio, row.completionRatio].every(isNumberText)) return 'notNumber'
  if (rows.some((existing) => existing.name === name)) return 'duplicate'
  if (row.price.trim() === '' && row.ratio.trim() === '') return 'needsPrice'
  return null
}

/** Rows with a price become prices only; the others ratios (and completion ratios when set). */
export function rowsToMaps(rows: readonly PricingRow[]): PricingMaps {
  const maps: PricingMaps = { ModelPrice: {}, ModelRatio: {}, CompletionRatio: {} }
  for (const row of rows) {
    if (row.price.trim() !== '') {
      maps.ModelPrice[row.name] = Number(row.price)
      continue
    }
    if (row.ratio.trim() !== '') maps.ModelRatio[row.name] = Number(row.ratio)
    if (row.completionRatio.trim() !== '') maps.CompletionRatio[row.name] = Number(row.completionRatio)
  }
  return maps
}

/** The keys whose map differs from the stored one (key order ignored), as JSON to save. */
export function changedMaps(stored: Readonly<Record<string, string>>, maps: PricingMaps): [string, string][] {
  const canonical = (map: Record<string, number>) =>
    JSON.stringify(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return (Object.keys(maps) as (keyof PricingMaps)[])
    .filter((key) => canonical(parseMap(stored[key])) !== canonical(maps[key]))
    .map((key) => [key, JSON.stringify(maps[key])])
}
