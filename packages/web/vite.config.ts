import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { pureSharedDefinitions } from './vite-plugins/pure-shared-definitions.ts'

// The server owns these paths; in dev the console proxies them so cookies stay same-origin.
const backend = 'http://localhost:3000'
const proxied = ['/api', '/v1', '/pg']

export default defineConfig({
  plugins: [react(), tailwindcss(), pureSharedDefinitions()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  build: {
    // The server serves this folder as its static root.
    outDir: '../server/public',
    emptyOutDir: true,
    // Read by scripts/size-check.mjs to add up each route's first load.
    manifest: true,
    rolldownOptions: {
      // The console imports constants and helpers from @gateway/shared, never its zod schemas (the
      // server's): its modules only define values, so the unused ones can go. Everything else
      // keeps its package's own sideEffects hint (undefined).
      // (Their top-level schemas are dropped unless read: see pureSharedDefinitions.)
      treeshake: { moduleSideEffects: (id) => (/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id) ? false : undefined) },
      output: {
        // A locale file's chunk is named for its language and namespace (locale-zh-tokens-<hash>.js):
        // the size check finds the ones a route fetches by that name.
        chunkFileNames: (chunk) => {
          const locale =
            chunk.moduleIds.length === 1
              ? /[\\/]locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(chunk.moduleIds[0] ?? '')
              : null
          return locale ? `assets/locale-${locale[1]}-${locale[2]}-[hash].js` : 'assets/[name]-[hash].js'
        },
        // Libraries every page needs change far less often than the console: separate chunks stay
        // cached across releases. The others (charts, markdown, tables, ...) stay with the lazy
        // pages that import them, so a page downloads only its own. The console's small UI
        // primitives (button, input, dialog, ...) are one chunk too: a page used a dozen chunks of a
        // few hundred bytes each, costlier together than the few primitives it does not use.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'tanstack',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|react-query|query-core|history|react-store|store)[\\/]/,
            },
            { name: 'radix', test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui)[\\/]/ },
            { name: 'ui', test: /[\\/]src[\\/]components[\\/]ui[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    // The test kit lives outside src and is aliased for tests only: a console file importing it
    // fails the build (and src/layers.test.ts names it).
    alias: { '@test': decodeURIComponent(new URL('./test', import.meta.url).pathname) },
    setupFiles: ['test/setup.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, so the
    // files ran one after another. Each file is CPU-bound (jsdom), and a worker per core halves the wait.
    maxWorkers: '100%',
    // A file's first render of a lazily imported page, under a CI box's full load, can take seconds;
    // a test with several such steps passed 5 s (the default) with nothing wrong. The budget is for
    // hung tests, not a speed check: findBy/waitFor (test/setup.ts) give up well before it.
    testTimeout: 30_000,
  },
})
