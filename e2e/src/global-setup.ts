import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

/**
 * Starts the built server on a free port (PORT=0) with a brand-new SQLite file and hands its
 * address to the tests through E2E_BASE_URL. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-e2e-'))
  // The built server, started the way `npm start` starts it.
  const server: ChildProcess = spawn(
    process.execPath,
    ['--conditions=gateway-dist', join(root, 'packages/server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        SQLITE_PATH: join(dataDir, 'e2e.db'),
        SESSION_SECRET: 'e2e-secret',
        LOG_LEVEL: 'info',
        // Every spec signs in from 127.0.0.1; the production limit (20 per 20 minutes per IP) would stop the suite.
        CRITICAL_RATE_LIMIT: '100000',
        GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
        // Likewise every page load (120 per 3 minutes per IP) and every search (10 a minute per user).
        GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
        SEARCH_RATE_LIMIT_ENABLE: 'false',
        // account.spec.ts serves a stand-in GitHub on this loopback port (services/auth/oauth-providers.ts).
        GITHUB_OAUTH_BASE_URL: 'http://127.0.0.1:39417',
        // Drawing and music tasks are polled every second so their specs see results quickly.
        MJ_POLL_INTERVAL_SECONDS: '1',
        SUNO_TASK_POLL_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }
  )
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 30 s')), 30_000)
    let buffer = ''
    server.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const match = /"port":(\d+)/.exec(buffer)
      if (match) {
        clearTimeout(timer)
        resolvePort(Number(match[1]))
      }
    })
    server.on('exit', (code) => reject(new Error(`server exited early with code ${code}`)))
  })
  server.stdout?.resume()
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`
  return async () => {
    server.kill('SIGTERM')
    await new Promise((done) => server.once('exit', done))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
