import { runLoad, type LoadResult } from './load-generator.ts'
import { startPerfRecording, type PerfSplit } from './perf-profile.ts'
import {
  processTree,
  readCpuMicros,
  readMemory,
  readTreeCpuMicros,
  readTreeMemory,
  resetPeakRss,
} from './proc-stats.ts'

export interface Scenario {
  id: 'json' | 'stream' | 'claude-stream'
  label: string
  stream: boolean
  /** The request body through the gateway (and direct, unless `direct` says otherwise). */
  body: string
  /** The direct run of a converted scenario: the upstream's own path, body and end of stream. */
  direct?: { path: string; body: string; endMarker: string }
}

/**
 * The scenarios: OpenAI non-stream and stream (passed through), and an OpenAI stream answered by
 * an Anthropic channel (converted chunk by chunk), whose direct run calls the mock's /v1/messages.
 */
export function buildScenarios(
  model: string,
  chunks: number,
  chunkDelayMs: number,
  claudeModel = CLAUDE_BENCH_MODEL
): Scenario[] {
  const messages = [
    { role: 'system', content: 'You are a helpful assistant. Answer briefly.' },
    { role: 'user', content: 'Tell me one short fact about foxes, please.' },
  ]
  const pace = chunkDelayMs > 0 ? `, ${chunkDelayMs} ms apart` : ''
  return [
    {
      id: 'json',
      label: `non-stream chat completion (${chunks}-piece answer)`,
      stream: false,
      body: JSON.stringify({ model, messages }),
    },
    {
      id: 'stream',
      label: `stream chat completion (${chunks} chunks${pace}, include_usage)`,
      stream: true,
      body: JSON.stringify({ model, messages, stream: true, stream_options: { include_usage: true } }),
    },
    {
      id: 'claude-stream',
      label: `stream chat completion answered by an Anthropic channel (${chunks} events converted${pace}, include_usage)`,
      stream: true,
      body: JSON.stringify({ model: claudeModel, messages, stream: true, stream_options: { include_usage: true } }),
      direct: {
        path: '/v1/messages',
        body: JSON.stringify({
          model: claudeModel,
          max_tokens: 1024,
          system: messages[0]?.content,
          messages: messages.slice(1),
          stream: true,
        }),
        endMarker: 'event: message_stop',
      },
    },
  ]
}

/** The Claude model of the converted scenario (priced by the default ratios). */
export const CLAUDE_BENCH_MODEL = 'claude-3-5-haiku-20241022'

export interface Target {
  /**
   * The mock itself, the bare relay in front of it (the yardstick), the floor relay (the bare relay
   * with the least billing: floor-relay.ts), the gateway as one process, or with WORKERS > 1.
   */
  name: 'direct' | 'bare' | 'floor' | 'gateway' | 'workers'
  /** Full URL of the chat completions endpoint. */
  url: string
  apiKey: string
  /** The relay's process (bare and gateway; with its workers, if any), whose CPU time and memory are read from /proc. */
  pid?: number
}

export interface Measurement {
  scenario: Scenario['id']
  target: Target['name']
  concurrency: number
  load: LoadResult
  /** The relay's CPU time per answered request in the window, in µs (bare relay and gateway runs). */
  relayCpuMicros: number | undefined
  /** The relay's peak and current RSS in the window, in bytes, of its largest process (bare relay and gateway runs). */
  relayPeakRss: number | undefined
  relayRss: number | undefined
  /** How many processes the relay ran, and the cores they used together in the window (CPU time ÷ wall time). */
  relayProcesses: number | undefined
  relayCores: number | undefined
  /** Cores the mock used in the window. */
  mockCores: number
  /** The mock's CPU time per answered request, in µs: the upstream's share, the same in both runs. */
  mockCpuMicros: number
  /** Share of one core the load generator (this process) used: near 1, it bounds the rps. */
  loadGeneratorCpuShare: number
  /** Requests the mock received and connections it accepted during the window. */
  upstreamHits: number
  upstreamConnections: number
  /** With BENCH_PERF: the relay's CPU time in the window split by what it ran (perf-profile.ts). */
  relayPerf?: PerfSplit
}

export interface MeasureOptions {
  seconds: number
  warmupSeconds: number
  mockPid: number
  /** The mock's base URL, for its `/_mock/stats` counters. */
  mockUrl: string
  /** sample the relay with Linux perf during the window */
  perf?: boolean
}

async function readMockStats(mockUrl: string): Promise<{ hits: number; connections: number }> {
  return (await (await fetch(`${mockUrl}/_mock/stats`)).json()) as { hits: number; connections: number }
}

/** The load generator's settings for one scenario through one target. */
function loadFor(scenario: Scenario, target: Target, concurrency: number) {
  return {
    concurrency,
    method: 'POST' as const,
    body: target.name === 'direct' && scenario.direct ? scenario.direct.body : scenario.body,
    ...(target.name === 'direct' && scenario.direct ? { endMarker: scenario.direct.endMarker } : {}),
    stream: scenario.stream,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.apiKey}` },
  }
}

/**
 * Load that is not measured, before a relay's first measured run: V8 compiles a process's hot code
 * over its first seconds under load, on background threads, and a window that still holds that
 * one-time work counts it per request (more for the gateway, which has more code to compile).
 */
export async function prime(scenario: Scenario, target: Target, seconds: number): Promise<void> {
  const result = await runLoad(target.url, { ...loadFor(scenario, target, PRIME_CONCURRENCY), seconds })
  if (result.requests === 0 || result.errors > 0)
    throw new Error(
      `priming ${scenario.id} through ${target.name}: ${result.errors} errors, ${result.requests} answered (${result.errorSamples.join('; ')})`
    )
}

const PRIME_CONCURRENCY = 16

/**
 * One measured run: a warm-up (JIT, connection pools) at the same concurrency, then the window,
 * with the CPU time of the mock and of the relay (bare or gateway) read from /proc before and after it.
 */
export async function measure(
  scenario: Scenario,
  target: Target,
  concurrency: number,
  options: MeasureOptions
): Promise<Measurement> {
  const load = loadFor(scenario, target, concurrency)
  if (options.warmupSeconds > 0) await runLoad(target.url, { ...load, seconds: options.warmupSeconds })
  const relayPids = target.pid ? processTree(target.pid) : []
  const relayPid = target.pid
  const recording = options.perf && relayPids.length > 0 ? await startPerfRecording(relayPids) : undefined
  for (const pid of relayPids) resetPeakRss(pid)
  const relayCpuBefore = readTreeCpuMicros(relayPids)
  const statsBefore = await readMockStats(options.mockUrl)
  const mockCpuBefore = readCpuMicros(options.mockPid)
  const clientCpuBefore = process.cpuUsage()
  const result = await runLoad(target.url, { ...load, seconds: options.seconds })
  const clientCpu = process.cpuUsage(clientCpuBefore)
  const mockCpu = readCpuMicros(options.mockPid) - mockCpuBefore
  const relayCpu = readTreeCpuMicros(relayPids) - relayCpuBefore
  const memory = relayPid ? readTreeMemory(relayPids) : undefined
  const statsAfter = await readMockStats(options.mockUrl)
  const relayPerf = await recording?.stop()
  const perRequest = (micros: number) => (result.requests === 0 ? 0 : Math.round(micros / result.requests))
  const cores = (micros: number) => Math.round((micros / (result.seconds * 1_000_000)) * 100) / 100
  return {
    scenario: scenario.id,
    target: target.name,
    concurrency,
    load: result,
    relayCpuMicros: relayPid ? perRequest(relayCpu) : undefined,
    relayPeakRss: memory?.peakRss,
    relayRss: memory?.rss,
    relayProcesses: relayPid ? relayPids.length : undefined,
    relayCores: relayPid ? cores(relayCpu) : undefined,
    mockCores: cores(mockCpu),
    mockCpuMicros: perRequest(mockCpu),
    loadGeneratorCpuShare: Math.round(((clientCpu.user + clientCpu.system) / (result.seconds * 1_000_000)) * 100) / 100,
    upstreamHits: statsAfter.hits - statsBefore.hits,
    upstreamConnections: statsAfter.connections - statsBefore.connections,
    ...(relayPerf ? { relayPerf } : {}),
  }
}

export interface SoakResult {
  seconds: number
  load: LoadResult
  /** RSS samples (bytes), one per second. */
  samples: number[]
  startRss: number
  endRss: number
  peakRss: number
  /** Median of the last fifth of the samples minus the median of the second fifth, in bytes. */
  growth: number
}

/** The long run: the stream scenario through the gateway at concurrency 16, RSS sampled every second. */
export async function soak(
  scenario: Scenario,
  target: Target,
  gatewayPid: number,
  seconds: number
): Promise<SoakResult> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${target.apiKey}` }
  const options = { concurrency: 16, method: 'POST' as const, body: scenario.body, stream: scenario.stream, headers }
  await runLoad(target.url, { ...options, seconds: 1 })
  resetPeakRss(gatewayPid)
  const samples: number[] = [readMemory(gatewayPid).rss]
  const timer = setInterval(() => samples.push(readMemory(gatewayPid).rss), 1000)
  const load = await runLoad(target.url, { ...options, seconds }).finally(() => clearInterval(timer))
  const memory = readMemory(gatewayPid)
  samples.push(memory.rss)
  // The first fifth is the heap's warm-up (V8 grows its spaces before it settles): growth counts from the second fifth.
  const fifth = Math.max(1, Math.floor(samples.length / 5))
  const growth = median(samples.slice(-fifth)) - median(samples.slice(fifth, 2 * fifth))
  return { seconds, load, samples, startRss: samples[0] ?? 0, endRss: memory.rss, peakRss: memory.peakRss, growth }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
