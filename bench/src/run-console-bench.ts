import { killAllChildren } from './child-processes.ts'
import { startGatewayProcess, type RunningProcess } from './gateway-process.ts'
import { gatewayCaller, setupRoot } from './gateway-setup.ts'
import { fillChannels, fillTokens } from './list-rows.ts'
import { fillLogs } from './log-rows.ts'

/**
 * `npm run bench:console` (also the second half of `npm run bench`): the console's list calls over
 * large tables on SQLite, through the real compiled gateway over HTTP: usage logs over
 * BENCH_LOG_ROWS rows (target 300 ms, issue 6), channels over 10,000 rows and the tokens of a user
 * with 100,000 (target 200 ms, issue 4). Each call is made once to warm up, then BENCH_LOG_RUNS
 * times; the median is judged and the slowest run is shown beside it.
 */
const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000)
const RUNS = Number(process.env.BENCH_LOG_RUNS ?? 7)
const LOG_TARGET_MS = 300
const LIST_TARGET_MS = 200
const USERS = 50
const CHANNELS = 10_000
const TOKENS = 100_000

interface Timing {
  call: string
  medianMs: number
  maxMs: number
  targetMs: number
}

async function timeCall(url: string, headers: Record<string, string>, path: string, targetMs: number): Promise<Timing> {
  const once = async () => {
    const started = performance.now()
    const response = await fetch(url + path, { headers })
    const body = (await response.json()) as { success?: boolean; message?: string }
    if (!body.success) throw new Error(`${path}: ${body.message ?? response.status}`)
    return performance.now() - started
  }
  await once()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push(await once())
  times.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    call: path,
    targetMs,
    medianMs: round(times[Math.floor(times.length / 2)] as number),
    maxMs: round(times[times.length - 1] as number),
  }
}

async function main(): Promise<number> {
  setTimeout(() => {
    console.error('bench:console still running after 15 minutes, giving up')
    killAllChildren()
    process.exit(2)
  }, 15 * 60_000).unref()
  let gateway: RunningProcess | undefined
  try {
    gateway = await startGatewayProcess()
    const call = gatewayCaller(gateway.url)
    const { auth, userId } = await setupRoot(call)
    const now = Math.floor(Date.now() / 1000)
    const sqlitePath = gateway.sqlitePath as string
    const fillMs = fillLogs(sqlitePath, { rows: ROWS, users: USERS, owner: { id: userId, username: 'root' }, now })
    console.log(
      `bench:console: ${ROWS.toLocaleString('en')} log rows of ${USERS} users over 30 days written in ${Math.round(fillMs)} ms`
    )
    const listsMs =
      (await fillChannels(call, auth, CHANNELS)) + (await fillTokens(call, auth, sqlitePath, userId, TOKENS))
    console.log(
      `bench:console: ${CHANNELS.toLocaleString('en')} channels (through the API) and ${TOKENS.toLocaleString('en')} tokens of root written in ${Math.round(listsMs)} ms; ${RUNS} runs per call after a warm-up`
    )

    const end = now + 3600
    const today = now - (now % 86_400)
    const logCalls = [
      `/api/log/?p=1&page_size=10&start_timestamp=${today}&end_timestamp=${end}`,
      `/api/log/?p=1&page_size=10&start_timestamp=0&end_timestamp=${end}`,
      `/api/log/?p=1&page_size=20&type=2&username=user7&model_name=gpt&start_timestamp=${now - 3 * 86_400}&end_timestamp=${end}`,
      `/api/log/?p=1&page_size=20&channel=3&start_timestamp=${now - 86_400}&end_timestamp=${end}`,
      `/api/log/?p=1&page_size=20&token_name=token-3&start_timestamp=0&end_timestamp=${end}`,
      `/api/log/?p=1000&page_size=10&type=2&start_timestamp=0&end_timestamp=${end}`,
      `/api/log/self?p=1&page_size=10&start_timestamp=0&end_timestamp=${end}`,
      `/api/log/self/stat?type=2&start_timestamp=0&end_timestamp=${end}`,
      `/api/log/stat?type=2&start_timestamp=${now - 86_400}&end_timestamp=${end}`,
      `/api/log/stat?type=2&username=user7&start_timestamp=0&end_timestamp=${end}`,
      `/api/log/stat?type=2&start_timestamp=0&end_timestamp=${end}`,
    ]
    const listCalls = [
      '/api/channel/?p=1&page_size=20',
      '/api/channel/?p=200&page_size=20',
      '/api/channel/?p=3&page_size=20&id_sort=true&tag_mode=true',
      '/api/channel/search?keyword=perf-channel-9&group=vip&model=gpt-4o&p=1&page_size=20',
      '/api/token/?p=1&page_size=20',
      '/api/token/?p=200&page_size=20',
      '/api/token/search?keyword=token-99999',
    ]
    const timings: Timing[] = []
    for (const path of logCalls) timings.push(await timeCall(gateway.url, auth, path, LOG_TARGET_MS))
    for (const path of listCalls) timings.push(await timeCall(gateway.url, auth, path, LIST_TARGET_MS))
    console.log('\nmedian ms  max ms  target  call')
    for (const t of timings)
      console.log(
        `${String(t.medianMs).padStart(9)}  ${String(t.maxMs).padStart(6)}  ${String(t.targetMs).padStart(6)}  ${t.call}`
      )
    const misses = timings.filter((t) => t.medianMs >= t.targetMs)
    console.log(
      `\n${misses.length === 0 ? 'PASS' : 'MISS'}  every call's median under its target (${misses.length} over)`
    )
    return process.env.BENCH_STRICT === '1' && misses.length > 0 ? 1 : 0
  } finally {
    await gateway?.stop()
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAllChildren()
    process.exit(130)
  })
}

process.exitCode = await main()
