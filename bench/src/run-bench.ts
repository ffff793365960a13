import { writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { killAllChildren } from './child-processes.ts'
import { summarizeCpuProfiles } from './cpu-profile-summary.ts'
import {
  startBareRelayProcess,
  startFloorRelayProcess,
  startGatewayProcess,
  startMockProcess,
  type RunningProcess,
} from './gateway-process.ts'
import { BENCH_MODEL, configureGateway, GatewayCallError, probeRelay } from './gateway-setup.ts'
import { perfAvailable } from './perf-profile.ts'
import { mebibytes } from './proc-stats.ts'
import { judgeTargets, measurementRows, scenarioHeader } from './report.ts'
import {
  buildScenarios,
  measure,
  prime,
  soak,
  type Measurement,
  type Scenario,
  type SoakResult,
  type Target,
} from './scenarios.ts'

/**
 * `npm run bench`: the mock OpenAI upstream called directly, through a bare Node relay (the
 * yardstick: piped bytes and nothing else) and through the real gateway, non-stream and stream, at
 * several concurrencies, on loopback. The mock, the bare relay and the gateway (fresh SQLite,
 * configured through its console API) each run in their own process; this process only generates
 * load. Bounded in time; stops its children however it ends.
 */
const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`)
  return value
}

const config = {
  seconds: numberFrom('BENCH_SECONDS', 5),
  warmupSeconds: numberFrom('BENCH_WARMUP_SECONDS', 1),
  /** unmeasured load per relay and scenario before the first measured run (0: none) */
  primeSeconds: numberFrom('BENCH_PRIME_SECONDS', 3),
  concurrencies: (process.env.BENCH_CONCURRENCY ?? '1,16,64')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0),
  chunks: numberFrom('BENCH_CHUNKS', 20),
  chunkDelayMs: numberFrom('BENCH_CHUNK_DELAY_MS', 0),
  latencyMs: numberFrom('BENCH_UPSTREAM_LATENCY_MS', 0),
  scenarios: (process.env.BENCH_SCENARIOS ?? 'json,stream,claude-stream').split(','),
  soakSeconds: numberFrom('BENCH_SOAK_SECONDS', 0),
  jsonReport: process.env.BENCH_JSON,
  strict: process.env.BENCH_STRICT === '1' || process.env.BENCH_STRICT === 'true',
  cpuProfile: process.env.BENCH_GATEWAY_CPU_PROF === '1' || process.env.BENCH_GATEWAY_CPU_PROF === 'true',
  /** sample every relay with Linux perf in its windows and print where its CPU time went */
  perf: process.env.BENCH_PERF === '1' || process.env.BENCH_PERF === 'true',
  /** WORKERS of the second gateway, measured beside the one-process one (default: the gateway's own, one per core; 1 = none) */
  workers: numberFrom('BENCH_WORKERS', availableParallelism()),
  /** runs of each relay per cell, alternated; the one of median CPU per request is reported */
  rounds: Math.max(1, numberFrom('BENCH_ROUNDS', 1)),
}

/** The run of median CPU per request among a relay's rounds (the lower middle one of an even count). */
function medianRun(runs: Measurement[] | undefined): Measurement | undefined {
  if (!runs || runs.length === 0) return undefined
  const sorted = [...runs].sort((a, b) => (a.relayCpuMicros ?? 0) - (b.relayCpuMicros ?? 0))
  return sorted[Math.floor((sorted.length - 1) / 2)]
}

/**
 * Each round's figures, and a relay's CPU as a multiple of the bare relay's in the same round: on a
 * shared machine whose speed drifts, the ratio of one round's two runs is steadier than the ratio of
 * two medians taken from different rounds.
 */
const roundsNote = (runs: Measurement[], bare: Measurement[] | undefined) => {
  const multiples = runs.map((run, i) => {
    const yardstick = bare?.[i]?.relayCpuMicros
    return run.relayCpuMicros && yardstick ? `×${(run.relayCpuMicros / yardstick).toFixed(2)}` : '–'
  })
  const sameRound = bare && runs !== bare ? `, vs bare in the same round ${multiples.join(' · ')}` : ''
  return `      rounds: cpu µs/req ${runs.map((run) => run.relayCpuMicros ?? '–').join(' · ')}, rps ${runs.map((run) => run.load.rps).join(' · ')} (the median shown)${sameRound}`
}

/** Exits with 2 if the whole run takes far longer than planned (a hung child or request). */
function armDeadline(): void {
  // Per cell: direct once, then bare, floor, gateway and workers in every round.
  const runs = config.scenarios.length * config.concurrencies.length * (1 + 4 * config.rounds)
  const priming = config.scenarios.length * 5 * (config.primeSeconds + 5)
  const budgetSeconds = runs * (config.seconds + config.warmupSeconds + 35) + priming + config.soakSeconds + 120
  setTimeout(() => {
    console.error(`bench: still running after ${budgetSeconds} s, giving up`)
    killAllChildren()
    process.exit(2)
  }, budgetSeconds * 1000).unref()
}

/** A failure in words; a missing /proc entry means the gateway process is gone. */
function describe(error: unknown): string {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT' && String((error as Error).message).includes('/proc/'))
    return 'the gateway process exited'
  return error instanceof Error ? error.message : String(error)
}

async function startGateway(
  mock: RunningProcess,
  workers: number
): Promise<{ gateway?: RunningProcess; key?: string; failure?: string }> {
  let gateway: RunningProcess | undefined
  try {
    gateway = await startGatewayProcess({ cpuProfile: config.cpuProfile, workers })
    const key = await configureGateway(gateway.url, mock.url)
    for (const scenario of buildScenarios(BENCH_MODEL, config.chunks, config.chunkDelayMs))
      await probeRelay(gateway.url, key, scenario.body, scenario.stream)
    return { gateway, key }
  } catch (error) {
    const failure =
      error instanceof GatewayCallError
        ? `gateway call failed: ${error.message}`
        : `gateway failed to start: ${error instanceof Error ? error.message : String(error)}`
    return { gateway, failure }
  }
}

async function main(): Promise<number> {
  armDeadline()
  const mock = await startMockProcess({
    chunks: config.chunks,
    chunkDelayMs: config.chunkDelayMs,
    latencyMs: config.latencyMs,
  })
  let gateway: RunningProcess | undefined
  let cluster: RunningProcess | undefined
  let bareRelay: RunningProcess | undefined
  let floorRelay: RunningProcess | undefined
  try {
    bareRelay = await startBareRelayProcess(mock.url)
    const started = await startGateway(mock, 1)
    gateway = started.gateway
    // The gateway as it runs by default, several workers on one port (its CPU is summed over them).
    const many = config.workers > 1 && !config.cpuProfile ? await startGateway(mock, config.workers) : undefined
    cluster = many?.gateway
    let workers: Target | undefined =
      many?.key && cluster
        ? { name: 'workers', url: `${cluster.url}/v1/chat/completions`, apiKey: many.key, pid: cluster.pid }
        : undefined
    if (many?.failure) console.log(`\nWORKERS=${config.workers}: ${many.failure}`)
    const scenarios = buildScenarios(BENCH_MODEL, config.chunks, config.chunkDelayMs).filter((s) =>
      config.scenarios.includes(s.id)
    )
    let failure = started.failure
    let through: Target | undefined =
      started.key && gateway
        ? { name: 'gateway', url: `${gateway.url}/v1/chat/completions`, apiKey: started.key, pid: gateway.pid }
        : undefined
    const bare: Target = {
      name: 'bare',
      url: `${bareRelay.url}/v1/chat/completions`,
      apiKey: 'sk-mock',
      pid: bareRelay.pid,
    }
    // The floor relay bills into the one-process gateway's file, charging its bench token (while the
    // gateway sits idle), so both write the same tables with the same indexes.
    if (gateway?.sqlitePath && started.key)
      floorRelay = await startFloorRelayProcess({
        upstreamUrl: mock.url,
        sqlitePath: gateway.sqlitePath,
        key: started.key,
        tokenName: 'bench',
      })
    const floor: Target | undefined = floorRelay && {
      name: 'floor',
      url: `${floorRelay.url}/v1/chat/completions`,
      apiKey: started.key ?? '',
      pid: floorRelay.pid,
    }

    console.log(
      `bench: mock upstream ${mock.url} (pid ${mock.pid}), bare relay ${bareRelay.url} (pid ${bareRelay.pid}), gateway WORKERS=1 ${gateway ? `${gateway.url} (pid ${gateway.pid})` : 'not started'}${cluster ? `, gateway WORKERS=${config.workers} ${cluster.url} (primary pid ${cluster.pid})` : ''}`
    )
    const load = loadavg()[0] ?? 0
    console.log(
      `machine: ${cpus().length} cores, load average ${load.toFixed(2)}, Node ${process.version}; load generator, mock and gateway are separate processes on loopback`
    )
    if (load > 0.5)
      console.log('note: other processes are using the CPU; figures will be noisy, compare runs on an idle machine')
    console.log(
      `latencies in ms to the last byte; ttft = time to the first content chunk; overhead = relay − direct, rps as relay/direct; floor = the bare relay plus the least billing a gateway must do (floor-relay.ts); vs bare = relay − bare relay, CPU per request as relay/bare; workers = the gateway with WORKERS=${config.workers} (CPU summed over its processes, RSS of the largest), vs 1 proc = workers against WORKERS=1`
    )
    if (config.cpuProfile)
      console.log('note: the gateway runs under --cpu-prof, which slows it; use the profile, not these figures')
    if (config.chunkDelayMs === 0)
      console.log(
        'stream: the mock writes each stream in one piece (BENCH_CHUNK_DELAY_MS=0), so its ttft is its latency; set BENCH_CHUNK_DELAY_MS to pace the chunks'
      )
    if (started.failure) console.log(`\n${started.failure}\nmeasuring direct-to-mock only`)

    const perf = config.perf && perfAvailable()
    if (config.perf)
      console.log(
        perf
          ? 'note: the relays are sampled with perf in each window, which costs them CPU; read the split, not the totals'
          : 'note: BENCH_PERF is set but `perf record` cannot sample here (linux-perf missing, or not allowed): no split'
      )
    const measurements: Measurement[] = []
    const options = {
      seconds: config.seconds,
      warmupSeconds: config.warmupSeconds,
      mockPid: mock.pid,
      mockUrl: mock.url,
      perf,
    }
    const directOf = (scenario: Scenario): Target => ({
      name: 'direct',
      url: `${mock.url}${scenario.direct?.path ?? '/v1/chat/completions'}`,
      apiKey: 'sk-mock',
    })
    // A converted scenario has no bare or floor equivalent: piping bytes converts nothing.
    const relaysOf = (scenario: Scenario): Target[] => [
      ...(scenario.direct ? [] : [bare, ...(floor ? [floor] : [])]),
      ...(through ? [through] : []),
      ...(workers ? [workers] : []),
    ]
    /** Runs one relay's part; a gateway that fails is reported and left out of the rest, any other failure ends the bench. */
    const unlessGatewayFails = async (relay: Target, during: string, work: () => Promise<void>): Promise<boolean> => {
      try {
        await work()
        return true
      } catch (error) {
        if (relay.name !== 'gateway' && relay.name !== 'workers') throw error
        // The gateway died or stopped answering mid-run: keep measuring the others.
        const which = relay.name === 'gateway' ? 'gateway' : `gateway WORKERS=${config.workers}`
        failure = `${which} failed during ${during}: ${describe(error)}`
        console.log(failure)
        if (relay.name === 'gateway') through = undefined
        else workers = undefined
        return false
      }
    }

    if (config.primeSeconds > 0) {
      console.log(
        `\npriming: ${config.primeSeconds} s of each scenario at concurrency 16, direct and through each relay, not measured (V8 compiles each process's hot code during its first seconds under load)`
      )
      for (const scenario of scenarios)
        for (const relay of [directOf(scenario), ...relaysOf(scenario)])
          await unlessGatewayFails(relay, `priming with ${scenario.id}`, () =>
            prime(scenario, relay, config.primeSeconds)
          )
    }

    for (const scenario of scenarios) {
      console.log(scenarioHeader(scenario, config.seconds, config.warmupSeconds))
      const direct = directOf(scenario)
      for (const concurrency of config.concurrencies) {
        const directRun = await measure(scenario, direct, concurrency, options)
        measurements.push(directRun)
        console.log(measurementRows(directRun, undefined, scenario.stream))
        const relays = relaysOf(scenario)
        // Rounds alternate the relays, so that a slow spell of the machine falls on all of them.
        const runs = new Map<Target['name'], Measurement[]>()
        const dropped = new Set<Target['name']>()
        for (let round = 0; round < config.rounds; round++) {
          for (const relay of relays) {
            if (dropped.has(relay.name)) continue
            const measured = await unlessGatewayFails(
              relay,
              `${scenario.id} at concurrency ${concurrency}`,
              async () => {
                const run = await measure(scenario, relay, concurrency, options)
                runs.set(relay.name, [...(runs.get(relay.name) ?? []), run])
              }
            )
            if (!measured) {
              dropped.add(relay.name)
              runs.delete(relay.name)
            }
          }
        }
        const bareRun = medianRun(runs.get('bare'))
        const gatewayRun = medianRun(runs.get('gateway'))
        for (const relay of relays) {
          const run = medianRun(runs.get(relay.name))
          if (!run) continue
          measurements.push(run)
          const rows = measurementRows(run, directRun, scenario.stream, bareRun, gatewayRun)
          console.log(config.rounds > 1 ? `${rows}\n${roundsNote(runs.get(relay.name)!, runs.get('bare'))}` : rows)
        }
      }
    }

    let soakResult: SoakResult | undefined
    const streamScenario = scenarios.find((s) => s.id === 'stream')
    if (config.soakSeconds > 0 && through && gateway && streamScenario) {
      console.log(`\nsoak: stream through the gateway at concurrency 16 for ${config.soakSeconds} s`)
      try {
        soakResult = await soak(streamScenario, through, gateway.pid, config.soakSeconds)
        console.log(
          `soak: ${soakResult.load.rps} rps, p50 ${soakResult.load.p50} ms, p99 ${soakResult.load.p99} ms, ${soakResult.load.errors} errors`
        )
        const every = Math.max(1, Math.round(soakResult.samples.length / 30))
        console.log(
          `soak: gateway RSS MiB every ${every} s: ${soakResult.samples
            .filter((_, i) => i % every === 0)
            .map((b) => Math.round(mebibytes(b)))
            .join(' ')}`
        )
      } catch (error) {
        failure = `gateway failed during the soak: ${describe(error)}`
        console.log(failure)
      }
    }

    const targets = judgeTargets(measurements, config.chunks, soakResult, config.soakSeconds > 0)
    console.log('\ntargets')
    for (const target of targets) console.log(`${target.status.padEnd(4)}  ${target.text}`)
    if (failure) {
      console.log(`\n${failure}`)
      const tail = gateway?.outputTail() ?? []
      if (tail.length > 0) console.log(`gateway output (last lines):\n${tail.join('\n')}`)
    }
    if (config.jsonReport)
      writeFileSync(
        config.jsonReport,
        `${JSON.stringify({ config, gatewayFailure: failure ?? null, measurements, soak: soakResult ?? null, targets }, null, 2)}\n`
      )
    if (failure) return 1
    return config.strict && targets.some((t) => t.status === 'MISS') ? 1 : 0
  } finally {
    await floorRelay?.stop()
    await gateway?.stop()
    await cluster?.stop()
    await bareRelay?.stop()
    await mock.stop()
    if (gateway?.profileDir) {
      try {
        console.log(`\n${summarizeCpuProfiles(gateway.profileDir)}`)
        console.log(`profile kept in ${gateway.profileDir} (open it in Chrome DevTools or speedscope)`)
      } catch (error) {
        console.log(`no gateway CPU profile to read: ${String(error)}`)
      }
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllChildren()
    process.exit(130)
  })
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    killAllChildren()
    process.exit(1)
  }
)
