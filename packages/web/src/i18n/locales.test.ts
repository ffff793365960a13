import { describe, expect, it } from 'vitest'
import { namespaces, resources } from './resources'

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort()
}

describe('locales', () => {
  it.each(namespaces)('zh and en hold the same keys in %s', (ns) => {
    expect(keysOf(resources.en[ns]).sort()).toEqual(keysOf(resources.zh[ns]).sort())
  })

  it.each(namespaces)('zh and en use the same placeholders in %s', (ns) => {
    const lookup = (tree: unknown, path: string): string =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string
    for (const key of keysOf(resources.zh[ns])) {
      expect(placeholdersOf(lookup(resources.en[ns], key)), `${ns}:${key}`).toEqual(
        placeholdersOf(lookup(resources.zh[ns], key))
      )
    }
  })

  it('has no empty translations', () => {
    for (const language of ['zh', 'en'] as const) {
      for (const ns of namespaces) {
        const text = JSON.stringify(resources[language][ns])
        expect(text, `${language}/${ns}`).not.toContain('""')
      }
    }
  })
})
