import { formatPerfSplit } from './perf-profile.ts'
import { mebibytes } from './proc-stats.ts'
import type { Measurement, Scenario, SoakResult } from './scenarios.ts'

const MiB = 1024 * 1024

const columns: [title: string, width: number][] = [
  ['conc', 5],
  ['target', 9],
  ['rps', 8],
  ['p50 ms', 8],
  ['p99 ms', 8],
  ['ttft p50', 9],
  ['ttft p99', 9],
  ['errors', 7],
  ['relay cpu µs/req', 17],
  ['relay peak MiB', 15],
  ['relay rss MiB', 14],
  ['mock cpu µs/req', 16],
]

const cell = (value: string, index: number) =>
  index === 1 ? value.padEnd(columns[index]?.[1] ?? 0) : value.padStart(columns[index]?.[1] ?? 0)
const line = (values: string[]) => values.map(cell).join(' ').trimEnd()
const fixed = (value: number) => value.toFixed(2)
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)}`
const dash = '–'

export function scenarioHeader(scenario: Scenario, seconds: number, warmupSeconds: number): string {
  return [
    `\n${scenario.label}: ${seconds} s per run after a ${warmupSeconds} s warm-up`,
    line(columns.map(([title]) => title)),
  ].join('\n')
}

/** A comparison row: rps as a ratio, latencies as differences, relay CPU as a multiple. */
function comparisonRow(label: string, run: Measurement, base: Measurement, stream: boolean): string {
  const { load } = run
  const cpu =
    run.relayCpuMicros !== undefined && base.relayCpuMicros
      ? `×${(run.relayCpuMicros / base.relayCpuMicros).toFixed(2)}`
      : dash
  return line([
    '',
    label,
    base.load.rps === 0 ? dash : `×${(load.rps / base.load.rps).toFixed(2)}`,
    signed(load.p50 - base.load.p50),
    signed(load.p99 - base.load.p99),
    stream ? signed(load.ttftP50 - base.load.ttftP50) : dash,
    stream ? signed(load.ttftP99 - base.load.ttftP99) : dash,
    '',
    cpu,
  ])
}

/**
 * One row per run; after a relay run (bare or gateway) its overhead against the direct run, and
 * after a gateway run its cost against the bare relay's ("vs bare": CPU per request as a multiple).
 */
export function measurementRows(
  measurement: Measurement,
  direct: Measurement | undefined,
  stream: boolean,
  bare?: Measurement,
  single?: Measurement
): string {
  const { load } = measurement
  const rows = [
    line([
      String(measurement.concurrency),
      measurement.target,
      String(load.rps),
      fixed(load.p50),
      fixed(load.p99),
      stream ? fixed(load.ttftP50) : dash,
      stream ? fixed(load.ttftP99) : dash,
      String(load.errors),
      measurement.relayCpuMicros === undefined ? dash : String(measurement.relayCpuMicros),
      measurement.relayPeakRss === undefined ? dash : mebibytes(measurement.relayPeakRss).toFixed(1),
      measurement.relayRss === undefined ? dash : mebibytes(measurement.relayRss).toFixed(1),
      String(measurement.mockCpuMicros),
    ]),
  ]
  if (measurement.target !== 'direct' && direct) rows.push(comparisonRow('overhead', measurement, direct, stream))
  if (measurement.target !== 'direct' && measurement.target !== 'bare' && bare)
    rows.push(comparisonRow('vs bare', measurement, bare, stream))
  if (measurement.target === 'workers' && single) rows.push(comparisonRow('vs 1 proc', measurement, single, stream))
  if (measurement.relayCores !== undefined && measurement.target !== 'bare')
    rows.push(
      `      cpu split: ${measurement.target} ${fixed(measurement.relayCores)} cores in ${measurement.relayProcesses} process${measurement.relayProcesses === 1 ? '' : 'es'}, mock ${fixed(measurement.mockCores)}, load generator ${fixed(measurement.loadGeneratorCpuShare)}`
    )
  if (measurement.relayPerf && measurement.relayCpuMicros !== undefined)
    rows.push(`      ${formatPerfSplit(measurement.relayPerf, measurement.relayCpuMicros)}`)
  const answered = load.requests + load.errors
  if (measurement.upstreamConnections > 2 * measurement.concurrency) {
    rows.push(
      `      note: the upstream accepted ${measurement.upstreamConnections} new connections for ${measurement.upstreamHits} requests (connections are not kept alive)`
    )
  }
  if (Math.abs(measurement.upstreamHits - answered) > Math.max(2, answered * 0.01)) {
    rows.push(`      note: the upstream received ${measurement.upstreamHits} requests for ${answered} answered here`)
  }
  if (measurement.loadGeneratorCpuShare >= 0.9)
    rows.push(
      `      note: the load generator used ${Math.round(measurement.loadGeneratorCpuShare * 100)}% of a core, so it may bound this rps`
    )
  for (const sample of load.errorSamples) rows.push(`      ${measurement.target} error: ${sample}`)
  return rows.join('\n')
}

export interface TargetLine {
  status: 'PASS' | 'MISS' | 'n/a'
  text: string
}

const find = (all: Measurement[], scenario: Scenario['id'], target: Measurement['target'], concurrency: number) =>
  all.find((m) => m.scenario === scenario && m.target === target && m.concurrency === concurrency)

/** The issue's targets, judged on what was measured; a target without its measurement is n/a. */
export function judgeTargets(
  all: Measurement[],
  chunks: number,
  soakResult: SoakResult | undefined,
  soakRequested: boolean
): TargetLine[] {
  const lines: TargetLine[] = []
  const verdict = (ok: boolean | undefined, text: string) =>
    lines.push({ status: ok === undefined ? 'n/a' : ok ? 'PASS' : 'MISS', text })

  for (const [scenario, limit, name] of [
    ['json', 150, 'non-stream'],
    ['stream', 250, `${chunks}-chunk stream`],
  ] as const) {
    const runs = all.filter(
      (m) => m.scenario === scenario && m.target === 'gateway' && m.relayCpuMicros !== undefined && m.load.requests > 0
    )
    const worst = Math.max(...runs.map((m) => m.relayCpuMicros ?? 0))
    const each = runs.map((m) => `c${m.concurrency} ${m.relayCpuMicros}`).join(' / ')
    verdict(
      runs.length === 0 ? undefined : worst <= limit,
      `gateway CPU per request, ${name} ≤ ${limit} µs: ${runs.length === 0 ? 'not measured' : `${worst} µs, the worst of ${each}`}`
    )
  }

  for (const scenario of ['json', 'stream'] as const) {
    const direct = find(all, scenario, 'direct', 16)
    const gateway = find(all, scenario, 'gateway', 16)
    const name = scenario === 'json' ? 'non-stream' : 'stream'
    if (!direct || !gateway || gateway.load.requests === 0) {
      verdict(undefined, `added latency at concurrency 16, ${name}: p50 < 1 ms, p99 < 5 ms: not measured`)
      continue
    }
    const p50 = gateway.load.p50 - direct.load.p50
    const p99 = gateway.load.p99 - direct.load.p99
    verdict(p50 < 1, `added p50 latency at concurrency 16, ${name} < 1 ms: ${signed(p50)} ms`)
    verdict(p99 < 5, `added p99 latency at concurrency 16, ${name} < 5 ms: ${signed(p99)} ms`)
    if (scenario === 'stream') {
      const ttft = gateway.load.ttftP50 - direct.load.ttftP50
      verdict(ttft <= 1, `time to first token at concurrency 16 ≤ 1 ms over direct (p50): ${signed(ttft)} ms`)
    }
  }

  // The gateway against the bare relay: CPU per request at most 1.5x, p50 at most 1 ms more.
  for (const [scenario, name] of [
    ['json', 'non-stream'],
    ['stream', `${chunks}-chunk stream`],
  ] as const) {
    for (const concurrency of [16, 64]) {
      const bare = find(all, scenario, 'bare', concurrency)
      const gateway = find(all, scenario, 'gateway', concurrency)
      if (!bare?.relayCpuMicros || gateway?.relayCpuMicros === undefined || gateway.load.requests === 0) {
        verdict(undefined, `gateway CPU per request ≤ 1.5× the bare relay, ${name}, c${concurrency}: not measured`)
        continue
      }
      const ratio = gateway.relayCpuMicros / bare.relayCpuMicros
      verdict(
        ratio <= 1.5,
        `gateway CPU per request ≤ 1.5× the bare relay, ${name}, c${concurrency}: ${gateway.relayCpuMicros} vs ${bare.relayCpuMicros} µs (${ratio.toFixed(2)}×)`
      )
      if (concurrency === 16) {
        const added = gateway.load.p50 - bare.load.p50
        verdict(added < 1, `added p50 over the bare relay at concurrency 16, ${name} < 1 ms: ${signed(added)} ms`)
      }
    }
  }

  // Issue 7: a stream converted from Anthropic's events costs at most twice the pass-through.
  const converted = all.filter(
    (m) =>
      m.scenario === 'claude-stream' && m.target === 'gateway' && m.relayCpuMicros !== undefined && m.load.requests > 0
  )
  const ratios = converted.flatMap((m) => {
    const passthrough = find(all, 'stream', 'gateway', m.concurrency)?.relayCpuMicros
    return passthrough
      ? [{ concurrency: m.concurrency, ratio: (m.relayCpuMicros ?? 0) / passthrough, micros: m.relayCpuMicros }]
      : []
  })
  verdict(
    ratios.length === 0 ? undefined : ratios.every((r) => r.ratio <= 2),
    `Claude-to-OpenAI converted stream CPU ≤ 2× the pass-through stream: ${ratios.length === 0 ? 'not measured' : ratios.map((r) => `c${r.concurrency} ${r.micros} µs (${r.ratio.toFixed(2)}×)`).join(' / ')}`
  )

  for (const target of ['gateway', 'workers'] as const) {
    const peak = find(all, 'stream', target, 64)
    if (target === 'workers' && !peak) continue
    verdict(
      peak?.relayPeakRss === undefined ? undefined : peak.relayPeakRss < 200 * MiB,
      `${target === 'gateway' ? 'gateway (WORKERS=1)' : 'gateway with workers, largest process,'} peak RSS at concurrency 64 streaming < 200 MiB: ${peak?.relayPeakRss === undefined ? 'not measured' : `${mebibytes(peak.relayPeakRss)} MiB`}`
    )
  }

  // Every core: with workers the gateway uses more than one core when the load asks, and serves more at c64.
  for (const scenario of ['json', 'stream'] as const) {
    const single = find(all, scenario, 'gateway', 64)
    const many = find(all, scenario, 'workers', 64)
    if (!many) continue
    verdict(
      single ? many.load.rps > single.load.rps : undefined,
      `workers serve more than one process at concurrency 64, ${scenario === 'json' ? 'non-stream' : 'stream'}: ${many.load.rps} vs ${single?.load.rps ?? '–'} rps, on ${many.relayCores} cores in ${many.relayProcesses} processes (mock ${many.mockCores}, load generator ${many.loadGeneratorCpuShare})`
    )
  }

  if (soakResult) {
    const growth = soakResult.growth / MiB
    verdict(
      growth < 16,
      `no RSS growth over a ${soakResult.seconds} s soak (stream, concurrency 16; last fifth vs second fifth < 16 MiB): start ${mebibytes(soakResult.startRss)} MiB, end ${mebibytes(soakResult.endRss)} MiB, peak ${mebibytes(soakResult.peakRss)} MiB, growth ${growth.toFixed(1)} MiB over ${soakResult.load.requests} requests, ${soakResult.load.errors} errors`
    )
  } else {
    verdict(
      undefined,
      `no RSS growth over a 5-minute run: ${soakRequested ? 'not measured (no gateway)' : 'not run (set BENCH_SOAK_SECONDS=300)'}`
    )
  }
  return lines
}
