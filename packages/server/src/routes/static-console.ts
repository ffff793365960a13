import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono } from 'hono'
import type { HonoEnv } from '../context.ts'
import { webRateLimit } from '../middleware/rate-limit.ts'

/** Where `npm run build` puts the console (packages/web builds into packages/server/public). */
export const defaultStaticDir = resolve(import.meta.dirname, '../../public')

/**
 * Serves the built console: hashed assets for a year, other files as they are, and every other
 * GET answers index.html (uncached, read from disk each time so a rebuild needs no restart), so
 * that client-side routes survive a reload.
 */
export function mountConsole(app: Hono<HonoEnv>, staticDir: string): void {
  const indexPath = join(staticDir, 'index.html')
  const sendIndex = async (c: Context<HonoEnv>) => {
    if (!existsSync(indexPath)) return c.text('The console is not built: run `npm run build`.', 503)
    c.header('Cache-Control', 'no-cache')
    return c.html(await readFile(indexPath, 'utf8'))
  }
  // Mounted after the API and the relay, so only page loads and console files count here. The
  // hashed chunks under /assets do not: the console is split into a chunk per page (dozens per
  // load, then cached for a year), so counting them would spend the limit in a few reloads.
  app.use('*', (c, next) => (c.req.path.startsWith('/assets/') ? next() : webRateLimit(c, next)))
  if (!existsSync(staticDir)) {
    // Not built (tests, or a server started before `npm run build`): every page says so.
    app.get('*', sendIndex)
    return
  }
  app.use(
    '/assets/*',
    serveStatic({
      root: staticDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    })
  )
  app.get('/', sendIndex)
  app.get('/index.html', sendIndex)
  // Only paths that look like files go to the disk; everything else is a client route.
  const filePath = '/:file{.+\\.[a-zA-Z0-9]+}'
  app.get(filePath, serveStatic({ root: staticDir }))
  // A missing asset is a 404, not the console page: a stale hashed bundle must fail loudly.
  app.get(filePath, (c) => c.text('Not Found', 404))
  app.get('*', sendIndex)
}
