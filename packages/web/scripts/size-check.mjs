#!/usr/bin/env node
/**
 * The download of each route's first load, from the built console (Vite's .vite/manifest.json):
 * index.html, the entry chunk with every chunk it imports statically, the route's lazy page with
 * its own static imports, and their CSS, each gzipped as a server would send it. Prints the table
 * and exits 1 when a route with a budget is over it: the login page and the token list are what a
 * new user opens first, on any connection.
 *
 * Run after the web build: node packages/web/scripts/size-check.mjs [outDir]
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const outDir = resolve(process.argv[2] ?? new URL('../../server/public', import.meta.url).pathname)
const BUDGET_KB = 250

/** Route -> the lazy page module(s) it renders (as named in the manifest), and its budget if any. */
const routes = [
  { path: '/', pages: ['src/features/home/home-page.tsx'] },
  { path: '/login', pages: ['src/features/auth/login-page.tsx'], budget: BUDGET_KB },
  { path: '/register', pages: ['src/features/auth/register-page.tsx'] },
  { path: '/setup', pages: ['src/features/setup/setup-page.tsx'] },
  { path: '/pricing', pages: ['src/features/pricing/pricing-page.tsx'] },
  { path: '/about', pages: ['src/features/about/about-page.tsx'] },
  { path: '/token', pages: ['src/features/tokens/tokens-page.tsx'], budget: BUDGET_KB },
  { path: '/detail', pages: ['src/features/dashboard/dashboard-page.tsx'] },
  { path: '/log', pages: ['src/features/logs/logs-page.tsx'] },
  { path: '/midjourney', pages: ['src/features/midjourney/midjourney-page.tsx'] },
  { path: '/task', pages: ['src/features/tasks/tasks-page.tsx'] },
  { path: '/channel', pages: ['src/features/channels/channels-page.tsx'] },
  { path: '/redemption', pages: ['src/features/redemptions/redemptions-page.tsx'] },
  { path: '/user', pages: ['src/features/users/users-page.tsx'] },
  { path: '/chat', pages: ['src/features/chat/chat-page.tsx'] },
  { path: '/playground', pages: ['src/features/playground/playground-page.tsx'] },
  { path: '/topup', pages: ['src/features/wallet/wallet-page.tsx'] },
  { path: '/personal', pages: ['src/features/personal/personal-page.tsx'] },
  { path: '/setting', pages: ['src/features/settings/setting-page.tsx'] },
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
  const bytes = [...files].reduce((sum, file) => sum + gzipBytes(file), 0)
  const over = route.budget !== undefined && bytes > route.budget * 1000
  return { route: route.path, files: files.size, gzip: bytes, budget: route.budget, over }
})

console.log(`First load per route (gzip, ${outDir})`)
console.log(`${'route'.padEnd(12)} ${'files'.padStart(5)} ${'gzip KB'.padStart(9)}  budget`)
for (const row of rows) {
  const budget = row.budget === undefined ? '' : `${row.budget} KB ${row.over ? 'OVER' : 'ok'}`
  console.log(`${row.route.padEnd(12)} ${String(row.files).padStart(5)} ${kb(row.gzip).padStart(9)}  ${budget}`)
}
const failed = rows.filter((row) => row.over)
if (failed.length > 0) {
  console.error(`size check failed: ${failed.map((row) => `${row.route} ${kb(row.gzip)} KB > ${row.budget} KB`).join(', ')}`)
  process.exit(1)
}
