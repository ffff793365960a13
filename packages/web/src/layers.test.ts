import { describe, expect, it } from 'vitest'

/**
 * The test kit (packages/web/test: providers, API fakes, matchers, the setup file) is for tests only.
 * The build cannot resolve `@test/…` (vite.config.ts declares that alias for tests alone), but a
 * relative import would bundle the fakes into the console; this check catches both forms in every
 * non-test file under src. The first test shows it catches a breach.
 */

// Every non-test source file of the console, by its path from the package root (/src/…).
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** Specifiers of `import … from`, `export … from`, bare `import '…'` and `import('…')`. */
function specifiers(text: string): string[] {
  const found: string[] = []
  for (const match of text.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]/gm))
    found.push(match[1]!)
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]!)
  return found
}

/** The imports of the file at `path` (/src/…) that lead into the test kit, as `path: specifier`. */
function testKitImports(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([path, text]) =>
    specifiers(text)
      .filter((spec) => {
        if (spec === '@test' || spec.startsWith('@test/')) return true
        if (!spec.startsWith('.')) return false
        const target = new URL(spec, `file://${path}`).pathname
        return target === '/test' || target.startsWith('/test/')
      })
      .map((spec) => `${path}: ${spec}`)
  )
}

describe('the console source and the test kit', () => {
  it('catches an aliased, relative or dynamic import of the kit, and lets the rest through', () => {
    expect(
      testKitImports({
        '/src/features/tokens/tokens-page.tsx':
          "import { serveApi } from '@test/api'\nimport { ok } from '@/lib/api-client'",
        '/src/features/a.tsx':
          "import {\n  renderFeaturePage,\n} from '../../test/render'\nimport { x } from './testing'",
        '/src/lib/b.ts': "const kit = await import('../../test/api')\nexport { y } from '../lib/c'",
        '/src/c.ts': "import '@testing-library/react'\nimport '@tests/elsewhere'",
      })
    ).toEqual([
      '/src/features/tokens/tokens-page.tsx: @test/api',
      '/src/features/a.tsx: ../../test/render',
      '/src/lib/b.ts: ../../test/api',
    ])
  })

  it('no console file imports the test kit', () => {
    // The glob found the console (so the check below cannot pass on an empty list) and no test file.
    expect(Object.keys(sources)).toContain('/src/main.tsx')
    expect(Object.keys(sources).filter((path) => /\.test\.tsx?$/.test(path))).toEqual([])
    expect(testKitImports(sources)).toEqual([])
  })
})
