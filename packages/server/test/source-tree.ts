import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Every non-test .ts file under `dir`, for the tests that check the source tree's shape. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === '__fixtures__' ? [] : sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/**
 * Relative specifiers of `import … from`, `export … from` and bare `import '…'`, type-only ones
 * included; with `dynamic`, also `import('…')` calls (a dynamic import does not make a load-order
 * circle, so the circle check leaves them out, but it still ships what it imports).
 */
export function relativeImports(source: string, options: { dynamic?: boolean } = {}): string[] {
  const found: string[] = []
  for (const match of source.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"](\.{1,2}\/[^'"]+)['"]/gm))
    found.push(match[1]!)
  if (options.dynamic)
    for (const match of source.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) found.push(match[1]!)
  return found
}
