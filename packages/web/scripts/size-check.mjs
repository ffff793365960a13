#!/usr/bin/env node
/**
 * The download of each route's first load, from the built console (Vite's .vite/manifest.json):
 * index.html, the entry chunk with every chunk it imports statically, the route's lazy page with
 * its own static imports, and their CSS, each gzipped as a server would send it. Prints the table
 * plus the locale namespaces the route fetches before it shows text (those of the fallback language,
 * zh, which every visitor loads; an English visitor also loads the same files in English), and exits
 * 1 when a route with a budget is over it: the login page and the token list are what a
 * new user opens first, on any connection.
 *
 * Run after the web build: node packages/web/scripts/size-check.mjs [outDir]
 */
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const outDir = resolve(process.argv[2] ?? new URL('../../server/public', import.meta.url).pathname)
const BUDGET_KB = 250
const localesDir = new URL('../src/i18n/locales/zh/', import.meta.url).pathname
/** Console pages wait for every namespace (console-routes' loader); public pages fetch their own. */
const ALL = readdirSync(localesDir).map((file) => file.replace(/\.json$/, ''))
const SHELL = ['common', 'nav', 'errors'] // bundled in the entry already
const consoleNs = ALL.filter((ns) => !SHELL.includes(ns))

/** Route -> the lazy page module(s) it renders (as named in the manifest), and its budget if any. */
const routes = [
  { path: '/', pages: ['src/features/home/home-page.tsx'], ns: ['pages'] },
  { path: '/login', pages: ['src/features/auth/login-page.tsx'], budget: BUDGET_KB, ns: ['auth', 'two-factor'] },
  { path: '/register', pages: ['src/features/auth/register-page.tsx'], ns: ['auth'] },
  { path: '/setup', pages: ['src/features/setup/setup-page.tsx'], ns: ['setup', 'auth'] },
  { path: '/pricing', pages: ['src/features/pricing/pricing-page.tsx'], ns: ['pricing'] },
  { path: '/about', pages: ['src/features/about/about-page.tsx'], ns: ['pages'] },
  { path: '/token', pages: ['src/features/tokens/tokens-page.tsx'], budget: BUDGET_KB, ns: consoleNs },
  { path: '/detail', pages: ['src/features/dashboard/dashboard-page.tsx'], ns: consoleNs },
  { path: '/log', pages: ['src/features/logs/logs-page.tsx'], ns: consoleNs },
  { path: '/midjourney', pages: ['src/features/midjourney/midjourney-page.tsx'], ns: consoleNs },
  { path: '/task', pages: ['src/features/tasks/tasks-page.tsx'], ns: consoleNs },
  { path: '/channel', pages: ['src/features/channels/channels-page.tsx'], ns: consoleNs },
  { path: '/redemption', pages: ['src/features/redemptions/redemptions-page.tsx'], ns: consoleNs },
  { path: '/user', pages: ['src/features/users/users-page.tsx'], ns: consoleNs },
  { path: '/chat', pages: ['src/features/chat/chat-page.tsx'], ns: consoleNs },
  { path: '/playground', pages: ['src/features/playground/playground-page.tsx'], ns: consoleNs },
  { path: '/topup', pages: ['src/features/wallet/wallet-page.tsx'], ns: consoleNs },
  { path: '/personal', pages: ['src/features/personal/personal-page.tsx'], ns: consoleNs },
  { path: '/setting', pages: ['src/features/settings/setting-page.tsx'], ns: consoleNs },
]

const manifest = JSON.parse(readFileSync(resolve(outDir, '.vite/manifest.json'), 'utf8'))
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey) throw new Error(`no entry in ${outDir}/.vite/manifest.json`)

const gzipCache = new Map()
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(resolve(outDir, file)), { level: 9 }).length)
  return gzipCache.get(file)
}

/** The files a browser fetches for these manifest keys before anything renders: static imports only. */
function firstLoadFiles(keys) {
  const files = new Set(['index.html'])
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

const kb = (bytes) => (bytes / 1000).toFixed(1)
const rows = routes.map((route) => {
  for (const page of route.pages) {
    if (!manifest[page]?.isDynamicEntry) throw new Error(`${page} (${route.path}) is not a lazy chunk`)
  }
  const files = firstLoadFiles([entryKey, ...route.pages])
  const locales = route.ns.reduce((sum, ns) => sum + gzipSync(readFileSync(`${localesDir}${ns}.json`), { level: 9 }).length, 0)
  const bytes = [...files].reduce((sum, file) => sum + gzipBytes(file), 0) + locales
  const over = route.budget !== undefined && bytes > route.budget * 1000
  return { route: route.path, files: files.size + route.ns.length, gzip: bytes, locales, budget: route.budget, over }
})

console.log(`First load per route (gzip, ${outDir})`)
console.log(`${'route'.padEnd(12)} ${'files'.padStart(5)} ${'gzip KB'.padStart(9)} ${'of which locales'.padStart(17)}  budget`)
for (const row of rows) {
  const budget = row.budget === undefined ? '' : `${row.budget} KB ${row.over ? 'OVER' : 'ok'}`
  console.log(`${row.route.padEnd(12)} ${String(row.files).padStart(5)} ${kb(row.gzip).padStart(9)} ${kb(row.locales).padStart(17)}  ${budget}`)
}
const failed = rows.filter((row) => row.over)
if (failed.length > 0) {
  console.error(`size check failed: ${failed.map((row) => `${row.route} ${kb(row.gzip)} KB > ${row.budget} KB`).join(', ')}`)
  process.exit(1)
}
