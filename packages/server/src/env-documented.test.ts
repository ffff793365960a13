import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { envSchema } from './env.ts'

/** The variables named (in backticks) in the README's configuration table. */
function documentedVariables(readme: string): Set<string> {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? ''
  const rows = section.split('\n').filter((line) => line.startsWith('| `'))
  return new Set(
    rows.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!))
  )
}

describe('the README documents every environment variable env.ts reads', () => {
  it('reads the names from the first column of the configuration table only', () => {
    const readme =
      '## Configuration\n\n| Variable | Default |\n|---|---|\n| `PORT` / `HOST_NAME` | `3000` |\n| x | `NOT_THIS` |\n\n## Next\n| `LATER` | 1 |\n'
    expect([...documentedVariables(readme)]).toEqual(['PORT', 'HOST_NAME'])
  })

  it('has a row for each variable of envSchema', () => {
    const documented = documentedVariables(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8'))
    expect(documented.size).toBeGreaterThan(40)
    expect(Object.keys(envSchema.shape).filter((name) => !documented.has(name))).toEqual([])
  })
})
