import { describe, expect, it } from 'vitest'
import { buildRows, changedMaps, checkNewRow, isNumberText, rowsToMaps, type PricingRow } from './pricing-rows'

const stored = {
  ModelPrice: JSON.stringify({ 'mj-imagine': 0.1 }),
  ModelRatio: JSON.stringify({ 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075 }),
  CompletionRatio: JSON.stringify({ 'gpt-4o': 4, 'only-completion': 2 }),
}

const row = (patch: Partial<PricingRow>): PricingRow => ({
  name: 'x',
  price: '',
  ratio: '',
  completionRatio: '',
  ...patch,
})

describe('pricing rows', () => {
  it('builds one sorted row per model named in any map', () => {
    expect(buildRows(stored)).toEqual([
      { name: 'gpt-4o', price: '', ratio: '1.25', completionRatio: '4' },
      { name: 'gpt-4o-mini', price: '', ratio: '0.075', completionRatio: '' },
      { name: 'mj-imagine', price: '0.1', ratio: '', completionRatio: '' },
      { name: 'only-completion', price: '', ratio: '', completionRatio: '2' },
    ])
  })

  it('saves priced rows only as prices and the others as ratios', () => {
    const rows = [
      row({ name: 'a', price: '0.5', ratio: '3', completionRatio: '2' }),
      row({ name: 'b', ratio: '2', completionRatio: '1.5' }),
    ]
    expect(rowsToMaps(rows)).toEqual({ ModelPrice: { a: 0.5 }, ModelRatio: { b: 2 }, CompletionRatio: { b: 1.5 } })
  })

  it('round-trips without changes, and reports only the maps that changed', () => {
    const rows = buildRows(stored)
    expect(changedMaps(stored, rowsToMaps(rows))).toEqual([])
    const edited = rows.map((r) => (r.name === 'gpt-4o-mini' ? { ...r, ratio: '0.1' } : r))
    const changes = changedMaps(stored, rowsToMaps(edited))
    expect(changes.map(([key]) => key)).toEqual(['ModelRatio'])
    expect(JSON.parse(changes[0]![1])).toEqual({ 'gpt-4o': 1.25, 'gpt-4o-mini': 0.1 })
  })

  it('applies the add-model rules', () => {
    const rows = buildRows(stored)
    expect(checkNewRow(rows, row({ name: ' ', ratio: '1' }))).toBe('nameRequired')
    expect(checkNewRow(rows, row({ name: 'gpt-4o', ratio: '1' }))).toBe('duplicate')
    expect(checkNewRow(rows, row({ name: 'new', ratio: 'abc' }))).toBe('notNumber')
    expect(checkNewRow(rows, row({ name: 'new', price: '-1' }))).toBe('notNumber')
    expect(checkNewRow(rows, row({ name: 'new' }))).toBe('needsPrice')
    expect(checkNewRow(rows, row({ name: 'new', price: '0.02' }))).toBeNull()
    expect(checkNewRow(rows, row({ name: 'new', ratio: '2', completionRatio: '3' }))).toBeNull()
  })

  it('accepts plain decimal numbers only', () => {
    for (const good of ['', '1', '0.5', '.5', '10.']) expect(isNumberText(good), good).toBe(true)
    for (const bad of ['abc', '1e3', '-1', '1,5', 'NaN']) expect(isNumberText(bad), bad).toBe(false)
  })
})
