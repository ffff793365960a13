import { Pool } from 'undici'

export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  rps: number
  p50: number
  p95: number
  p99: number
}

/**
 * Closed-loop load: `concurrency` callers each send the next request as soon as the previous one
 * answers, for `seconds`. Latencies are in milliseconds. Stops by itself.
 */
export async function runLoad(url: string, options: { concurrency: number; seconds: number; method?: string; body?: string; headers?: Record<string, string> }): Promise<LoadResult> {
  const target = new URL(url)
  const pool = new Pool(target.origin, { connections: options.concurrency, pipelining: 1 })
  const latencies: number[] = []
  let errors = 0
  const deadline = performance.now() + options.seconds * 1000
  const started = performance.now()
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      try {
        const response = await pool.request({ path: target.pathname + target.search, method: (options.method ?? 'GET') as 'GET', body: options.body, headers: options.headers })
        await response.body.dump()
        if (response.statusCode >= 400) errors++
        else latencies.push(performance.now() - t0)
      } catch {
        errors++
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, worker))
  const seconds = (performance.now() - started) / 1000
  await pool.close()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(2))
  return { requests: latencies.length, errors, seconds: Number(seconds.toFixed(2)), rps: Math.round(latencies.length / seconds), p50: at(0.5), p95: at(0.95), p99: at(0.99) }
}
