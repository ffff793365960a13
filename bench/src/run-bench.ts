import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { runLoad, type LoadResult } from './load-generator.ts'

/**
 * `npm run bench`: the gateway against a direct baseline on this machine, both on loopback.
 * - direct: a bare node:http server answering a status-sized JSON body (the floor of any Node server)
 * - gateway: the real server (fresh SQLite) answering GET /api/status through its whole middleware chain
 * The difference is the gateway's own overhead per request. Bounded in time; stops by itself.
 */
const root = resolve(import.meta.dirname, '../..')
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32)

async function startGateway(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-'))
  const port = await freePort()
  const child = spawn(process.execPath, [join(root, 'packages/server/src/main.ts')], {
    env: { ...process.env, PORT: String(port), SQLITE_PATH: join(dir, 'bench.db'), LOG_LEVEL: 'warn', GLOBAL_API_RATE_LIMIT_ENABLE: 'false', SESSION_SECRET: 'bench' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.on('exit', (code) => {
    if (code !== null && code !== 0) console.error(`gateway exited with ${code}`)
  })
  await waitForStatus(`http://127.0.0.1:${port}`)
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((done) => child.once('exit', done))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A port the OS just handed out; the gateway binds it a moment later. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const address = probe.address()
  await new Promise((done) => probe.close(done))
  return typeof address === 'object' && address ? address.port : 0
}

async function waitForStatus(url: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/status`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error('gateway did not answer /api/status within 30 s')
}

async function startDirect(body: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(() => done())) }
}

function row(name: string, r: LoadResult): string {
  return `${name.padEnd(28)} ${String(r.rps).padStart(7)} rps  p50 ${String(r.p50).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  p99 ${String(r.p99).padStart(6)} ms  errors ${r.errors}`
}

async function main(): Promise<void> {
  const gateway = await startGateway()
  const sample = await (await fetch(`${gateway.url}/api/status`)).text()
  const direct = await startDirect(sample)
  try {
    // Warm up both (JIT, pools), then measure.
    await runLoad(`${direct.url}/`, { concurrency, seconds: 1 })
    await runLoad(`${gateway.url}/api/status`, { concurrency, seconds: 1 })
    const directResult = await runLoad(`${direct.url}/`, { concurrency, seconds })
    const gatewayResult = await runLoad(`${gateway.url}/api/status`, { concurrency, seconds })
    console.log(`load: ${concurrency} concurrent connections for ${seconds} s each, loopback, ${sample.length}-byte JSON answer`)
    console.log(row('direct (node:http)', directResult))
    console.log(row('gateway GET /api/status', gatewayResult))
    console.log(`gateway overhead: p50 +${(gatewayResult.p50 - directResult.p50).toFixed(2)} ms, p99 +${(gatewayResult.p99 - directResult.p99).toFixed(2)} ms`)
  } finally {
    await direct.stop()
    await gateway.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
