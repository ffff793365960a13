#!/usr/bin/env node
/**
 * The download of each route's first load, from the built console (Vite's .vite/manifest.json):
 * index.html with what it references (theme script, icon), the entry chunk with every chunk it imports statically, the route's lazy page with
 * its own static imports, and their CSS, each gzipped as a server would send it, plus the locale
 * namespaces the route fetches before it shows (src/i18n/route-namespaces.json, the table the
 * router itself loads from; those of the fallback language, zh, which every visitor loads: an
 * English visitor also loads the same files in English). Prints the table and exits 1 when a route
 * with a budget is over it: the login page and the token list are what a new user opens first, on
 * any connection.
 *
 * Run after the web build: node packages/web/scripts/size-check.mjs [outDir]
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const outDir = resolve(process.argv[2] ?? new URL('../../server/public', import.meta.url).pathname)
const BUDGET_KB = 250
const budgets = { '/login': BUDGET_KB, '/token': BUDGET_KB }
const table = JSON.parse(readFileSync(new URL('../src/i18n/route-namespaces.json', import.meta.url), 'utf8'))
// Namespaces are camelCase in code, kebab-case on disk (twoFactor -> two-factor.json).
const fileOf = (namespace) => namespace.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** Route -> the lazy page module(s) it renders (as named in the manifest), its namespaces, its budget if any. */
const routes = Object.values(table).flatMap(({ layout, routes: byPath }) =>
  Object.entries(byPath).map(([path, { pages, namespaces }]) => ({
    path,
    pages: pages.map((page) => `src/${page}`),
    ns: [...new Set([...layout, ...namespaces])],
    budget: budgets[path],
  }))
)

const manifest = JSON.parse(readFileSync(resolve(outDir, '.vite/manifest.json'), 'utf8'))
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey) throw new Error(`no entry in ${outDir}/.vite/manifest.json`)

const gzipCache = new Map()
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(resolve(outDir, file)), { level: 9 }).length)
  return gzipCache.get(file)
}

/** What index.html itself makes the browser fetch: its scripts, styles and icon (the logo, also the brand image). */
const htmlFiles = [...readFileSync(resolve(outDir, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/([^"]+)"/g)].map(
  (match) => match[1]
)

/** The files a browser fetches for these manifest keys before anything renders: static imports only. */
function firstLoadFiles(keys) {
  const files = new Set(['index.html', ...htmlFiles])
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    // A page that is not a chunk of its own was imported statically somewhere: the split is broken.
    if (!chunk) throw new Error(`${key} is not in the manifest`)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return files
}

/** The manifest key of a namespace's chunk in the fallback language (named so by vite.config.ts). */
function localeKey(namespace) {
  const prefix = `assets/locale-zh-${fileOf(namespace)}-`
  const key = Object.keys(manifest).find((name) => manifest[name].file.startsWith(prefix))
  if (!key) throw new Error(`no chunk ${prefix}*.js for the namespace ${namespace}`)
  return key
}
const localeFiles = new Set(
  Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.startsWith('assets/locale-'))
)

const kb = (bytes) => (bytes / 1000).toFixed(1)
const rows = routes.map((route) => {
  for (const page of route.pages) {
    if (!manifest[page]?.isDynamicEntry) throw new Error(`${page} (${route.path}) is not a lazy chunk`)
  }
  const files = firstLoadFiles([entryKey, ...route.pages, ...route.ns.map(localeKey)])
  const sizes = [...files].map((file) => ({ file, bytes: gzipBytes(file) }))
  const bytes = sizes.reduce((sum, { bytes: size }) => sum + size, 0)
  const locales = sizes.filter(({ file }) => localeFiles.has(file)).reduce((sum, { bytes: size }) => sum + size, 0)
  const over = route.budget !== undefined && bytes > route.budget * 1000
  return { route: route.path, files: files.size, gzip: bytes, locales, budget: route.budget, over }
})

console.log(`First load per route (gzip, ${outDir})`)
console.log(
  `${'route'.padEnd(12)} ${'files'.padStart(5)} ${'gzip KB'.padStart(9)} ${'of which locales'.padStart(17)}  budget`
)
for (const row of rows) {
  const budget = row.budget === undefined ? '' : `${row.budget} KB ${row.over ? 'OVER' : 'ok'}`
  console.log(
    `${row.route.padEnd(12)} ${String(row.files).padStart(5)} ${kb(row.gzip).padStart(9)} ${kb(row.locales).padStart(17)}  ${budget}`
  )
}
const failed = rows.filter((row) => row.over)
if (failed.length > 0) {
  console.error(
    `size check failed: ${failed.map((row) => `${row.route} ${kb(row.gzip)} KB > ${row.budget} KB`).join(', ')}`
  )
  process.exit(1)
}
