import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import type { HonoEnv } from '../context.ts'

/** Where `npm run build` puts the console (packages/web builds into packages/server/public). */
export const defaultStaticDir = resolve(import.meta.dirname, '../../public')

/**
 * Serves the built console: hashed assets for a year, everything else falls back to index.html
 * (uncached) so that client-side routes survive a reload.
 */
export function mountConsole(app: Hono<HonoEnv>, staticDir: string): void {
  const indexPath = join(staticDir, 'index.html')
  if (!existsSync(indexPath)) return
  const indexHtml = readFileSync(indexPath, 'utf8')
  app.use(
    '/assets/*',
    serveStatic({
      root: staticDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  app.use('*', serveStatic({ root: staticDir, index: '' }))
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
}
