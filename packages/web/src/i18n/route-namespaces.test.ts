import { createMemoryHistory } from '@tanstack/react-router'
import { createTestQueryClient } from '@test/render'
import { describe, expect, it } from 'vitest'
import { createAppRouter } from '@/routes/router'
import { namespaces } from './resources'
import { namespacesFor, type Layout } from './route-namespaces'
import table from './route-namespaces.json'

/** Bundled with the first load (i18n/index.ts): never in the table. */
const shell = ['common', 'nav', 'errors']
/**
 * Components that fetch their texts themselves when they show, behind their own Suspense boundary,
 * so the page around them never waits for (or downloads) them.
 */
const onDemand: Record<string, string[]> = {
  'features/personal/personal-two-factor-required-banner.tsx': ['twoFactor'],
}

// Every source file of the console, by its path under src/.
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    })
  ).map(([path, code]) => [path.replace(/^\/src\//, ''), code])
)

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string
  if (specifier.startsWith('@/')) base = specifier.slice(2)
  else if (specifier.startsWith('.')) base = new URL(specifier, `file:///${from}`).pathname.slice(1)
  else return undefined
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => path in sources)
}

/** The namespaces a file names: useTranslation('x'), useTranslation(['x', 'y']), useTranslation() and 'x:key' strings. */
function namespacesIn(code: string): string[] {
  const found = new Set<string>()
  for (const [, args = ''] of code.matchAll(/useTranslation\(([^)]*)\)/g)) {
    if (args.trim() === '') found.add('common')
    for (const [, name = ''] of args.matchAll(/'(\w+)'/g)) found.add(name)
  }
  for (const [, name = ''] of code.matchAll(/['"`](\w+):[\w.]/g))
    if ((namespaces as readonly string[]).includes(name)) found.add(name)
  return [...found]
}

/** Namespace -> the files that use it, over `entry` and everything it imports (lazily too, unless `staticOnly`). */
function namespacesOfGraph(entry: string, staticOnly = false): Map<string, string[]> {
  const seen = new Set<string>()
  const used = new Map<string, string[]>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = sources[file]
    if (code === undefined) throw new Error(`no source ${file}`)
    if (onDemand[file]) return
    for (const name of namespacesIn(code)) used.set(name, [...(used.get(name) ?? []), file])
    const specifiers = [...code.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'/gm)].map(
      (match) => match[1] ?? ''
    )
    if (!staticOnly) specifiers.push(...[...code.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1] ?? ''))
    for (const specifier of specifiers) {
      const resolved = resolveImport(file, specifier)
      if (resolved) visit(resolved)
    }
  }
  visit(entry)
  return used
}

function missing(used: Map<string, string[]>, allowed: string[]): string[] {
  return [...used].filter(([name]) => !allowed.includes(name)).map(([name, files]) => `${name} (${files.join(', ')})`)
}

describe('route namespaces', () => {
  it('picks the longest route path that holds the address', () => {
    expect(namespacesFor('public', '/user/reset')).toEqual(['account'])
    expect(namespacesFor('console', '/user/edit/3')).toEqual(['users', 'pages', 'twoFactor'])
    expect(namespacesFor('console', '/channel/edit/5')).toEqual(['channels'])
    expect(namespacesFor('console', '/chat/2')).toEqual(['chat'])
    expect(namespacesFor('console', '/token/')).toEqual(['tokens'])
    expect(namespacesFor('public', '/')).toEqual(['pages', 'settings'])
    // '/tokens' is not under '/token', and an unknown page needs only the shell.
    expect(namespacesFor('console', '/tokens')).toEqual([])
    expect(namespacesFor('public', '/no/such/page')).toEqual([])
  })

  it('names only namespaces that exist, never the bundled shell ones', () => {
    for (const { layout, routes } of Object.values(table)) {
      for (const name of [...layout, ...Object.values(routes).flatMap((route) => route.namespaces)]) {
        expect(namespaces, name).toContain(name)
        expect(shell, name).not.toContain(name)
      }
    }
  })

  it.each(
    Object.entries(table).flatMap(([layout, { routes }]) =>
      Object.entries(routes).map(([path, route]) => [layout, path, route.pages] as const)
    )
  )('%s %s lists every namespace its pages use', (layout, path, pages) => {
    const allowed = [...shell, ...namespacesFor(layout as Layout, path)]
    for (const page of pages) expect(missing(namespacesOfGraph(page), allowed), page).toEqual([])
  })

  it('keeps the first load (entry and layouts) to the shell namespaces', () => {
    expect(missing(namespacesOfGraph('main.tsx', true), shell)).toEqual([])
  })

  it('has an entry for every page of the router', () => {
    const router = createAppRouter(createTestQueryClient(), createMemoryHistory())
    const uncovered = Object.values(router.routesById)
      .filter((route) => !route.isRoot && route.path !== undefined && !route.fullPath.endsWith('$'))
      .filter((route) => {
        const layout: Layout = route.id.startsWith('/public') ? 'public' : 'console'
        const paths = Object.keys(table[layout].routes)
        const path = route.fullPath.replace(/\/$/, '') || '/'
        return !paths.some((key) => path === key || (key !== '/' && path.startsWith(`${key}/`)))
      })
      .map((route) => route.fullPath)
    expect(uncovered).toEqual([])
  })
})
