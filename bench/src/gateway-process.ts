import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { freePort, startNodeChild, type StartedChild } from './child-processes.ts'
import type { FloorRelayOptions } from './floor-relay.ts'
import type { MockUpstreamOptions } from './mock-upstream.ts'
import { startEnv, startNodeFlags } from './start-flags.ts'

const root = resolve(import.meta.dirname, '../..')

// As `npm start` runs it (see the README's Memory section); the bare and floor relays get the same
// V8 settings and malloc arenas, so the yardsticks are measured alike.
const GATEWAY_HEAP_FLAGS = startNodeFlags(root)
const RELAY_ENV = { ...process.env, ...startEnv(root) }

export interface RunningProcess {
  url: string
  pid: number
  outputTail(): string[]
  stop(): Promise<void>
  /** Set when started with a CPU profile: the folder of the `.cpuprofile` written at exit. */
  profileDir?: string
  /** The gateway's SQLite file (gateway processes only). */
  sqlitePath?: string
}

/** Starts a bench child that announces `{"port":N}` on stdout, and resolves once it has. */
async function startAnnouncedChild(
  script: string,
  args: string[],
  name: string,
  nodeArgs: string[] = [],
  env: NodeJS.ProcessEnv = process.env
): Promise<RunningProcess> {
  let announce: (port: number) => void = () => {}
  const announced = new Promise<number>((done) => (announce = done))
  const started = startNodeChild(
    join(import.meta.dirname, script),
    args,
    env,
    (line) => {
      const match = /^\{"port":(\d+)\}$/.exec(line)
      if (match) announce(Number(match[1]))
    },
    nodeArgs
  )
  const port = await Promise.race([announced, exitOrTimeout(started, 10_000, name)])
  return {
    url: `http://127.0.0.1:${port}`,
    pid: started.pid,
    outputTail: started.outputTail,
    stop: () => started.stop(),
  }
}

/** Starts the mock upstream in a child process and resolves once it listens. */
export function startMockProcess(options: MockUpstreamOptions): Promise<RunningProcess> {
  return startAnnouncedChild('mock-process.ts', [JSON.stringify(options)], 'mock upstream')
}

/**
 * Starts the bare relay (bare-relay.ts) in front of `upstreamUrl`, with the gateway's heap flags so
 * the two are measured alike.
 */
export function startBareRelayProcess(upstreamUrl: string): Promise<RunningProcess> {
  return startAnnouncedChild('bare-relay-process.ts', [upstreamUrl], 'bare relay', GATEWAY_HEAP_FLAGS, RELAY_ENV)
}

/**
 * Starts the floor relay (floor-relay.ts) in front of `upstreamUrl`, on the gateway's SQLite file
 * and bench token, with the gateway's heap flags.
 */
export function startFloorRelayProcess(options: FloorRelayOptions): Promise<RunningProcess> {
  return startAnnouncedChild(
    'floor-relay-process.ts',
    [JSON.stringify(options)],
    'floor relay',
    GATEWAY_HEAP_FLAGS,
    RELAY_ENV
  )
}

/**
 * Starts the real gateway (`packages/server/src/main.ts`, or `BENCH_GATEWAY_ENTRY`) on a free port
 * with a fresh SQLite file in a temporary folder, and resolves once GET /api/status answers.
 * `workers`: its WORKERS setting (unset: the gateway's default, one per core).
 */
export async function startGatewayProcess(
  options: { cpuProfile?: boolean; workers?: number } = {}
): Promise<RunningProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'))
  const profileDir = options.cpuProfile ? join(dir, 'profile') : undefined
  const port = await freePort()
  const sqlitePath = join(dir, 'bench.db')
  const env: NodeJS.ProcessEnv = {
    ...RELAY_ENV,
    PORT: String(port),
    SQLITE_PATH: sqlitePath,
    LOG_LEVEL: process.env.BENCH_GATEWAY_LOG_LEVEL ?? 'warn',
    GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
    // The console bench repeats each search and page load far past the per-user and per-IP limits.
    GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
    SEARCH_RATE_LIMIT_ENABLE: 'false',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    CRYPTO_SECRET: 'bench-crypto-secret-0123456789abcdef',
  }
  if (options.workers === undefined) delete env.WORKERS
  else env.WORKERS = String(options.workers)
  delete env.SQL_DSN
  delete env.LOG_SQL_DSN
  delete env.REDIS_CONN_STRING
  // The gateway as `npm start` runs it: compiled JavaScript, resolving @gateway/shared to its build.
  const nodeArgs = [
    '--conditions=gateway-dist',
    ...GATEWAY_HEAP_FLAGS,
    '--import',
    pathToFileURL(join(import.meta.dirname, 'exit-with-parent.mjs')).href,
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    // Extra node flags for the gateway only (heap tuning experiments), space-separated.
    ...(process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ]
  const started = startNodeChild(
    resolve(root, process.env.BENCH_GATEWAY_ENTRY ?? 'packages/server/dist/main.js'),
    [],
    env,
    undefined,
    nodeArgs
  )
  const url = `http://127.0.0.1:${port}`
  // With a profile the folder stays until the caller has read it (it removes `profileDir`'s parent).
  const stop = async () => {
    await started.stop()
    if (!profileDir) rmSync(dir, { recursive: true, force: true })
  }
  try {
    await Promise.race([waitForStatus(url, 30_000), exitOrTimeout(started, 30_000, 'gateway')])
  } catch (error) {
    await stop()
    throw error
  }
  const running: RunningProcess = { url, pid: started.pid, outputTail: started.outputTail, stop, sqlitePath }
  return profileDir ? { ...running, profileDir } : running
}

async function waitForStatus(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/status`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100))
  }
}

/** Rejects when the child exits or the time is up, with its last output lines. */
function exitOrTimeout(started: StartedChild, ms: number, name: string): Promise<never> {
  return new Promise((_resolve, reject) => {
    const explain = (what: string) => new Error(`${name} ${what}\n${started.outputTail().join('\n')}`)
    const timer = setTimeout(() => reject(explain(`did not start within ${ms / 1000} s`)), ms)
    timer.unref()
    started.child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(explain(`exited (${signal ?? `code ${code}`}) before it was ready`))
    })
  })
}
