import { describe, expect, it } from 'vitest'
import { parsePrometheusText, samplesOf } from '../../test/prometheus-text.ts'
import { renderMetrics } from './exposition.ts'
import { GatewayMetrics, metricsOf, retryReason, type MetricsHost } from './gateway-metrics.ts'
import { modelLabel } from './model-label.ts'

const hostWith = (listed: Record<string, string[]>): MetricsHost => ({
  relay: {
    logs: { pending: 3 },
    channels: { latest: { listed: new Map(Object.entries(listed).map(([g, models]) => [g, new Set(models)])) } },
  },
})

describe('model label', () => {
  it('keeps models some channel lists (in any group) and collapses every other name into other', () => {
    const { latest } = hostWith({ default: ['gpt-4o-mini'], vip: ['claude-sonnet-4'] }).relay.channels
    expect(modelLabel('gpt-4o-mini', latest)).toBe('gpt-4o-mini')
    expect(modelLabel('claude-sonnet-4', latest)).toBe('claude-sonnet-4')
    expect(modelLabel('gpt-4o-mini-made-up', latest)).toBe('other')
    expect(modelLabel('', latest)).toBe('other')
  })

  it('keeps the label set bounded however many names clients invent', async () => {
    const host = hostWith({ default: ['gpt-4o-mini'] })
    const metrics = metricsOf(host)
    for (let i = 0; i < 50; i++) metrics.answered('chat', `invented-${i}`, 7, 404, false, 5)
    metrics.answered('chat', 'gpt-4o-mini', 7, 200, false, 5)
    metrics.settled('invented-x', 1, 2, 3, undefined, 'chat')
    const samples = parsePrometheusText(await renderMetrics(host))
    expect(samplesOf(samples, 'gateway_relay_requests_total')).toEqual([
      { endpoint: 'chat', model: 'other', channel: '7', status: '404', stream: 'false', value: 50 },
      { endpoint: 'chat', model: 'gpt-4o-mini', channel: '7', status: '200', stream: 'false', value: 1 },
    ])
    expect(samplesOf(samples, 'gateway_relay_quota_total')).toEqual([{ model: 'other', value: 3 }])
    expect(samplesOf(samples, 'gateway_log_queue_depth')).toEqual([{ value: 3 }])
  })
})

describe('recording', () => {
  it('puts an observation in the first bucket its value fits, cumulatively when scraped', async () => {
    const metrics = new GatewayMetrics(hostWith({}))
    metrics.upstreamAnswered(1, 40) // 0.04 s: first bucket (0.05)
    metrics.upstreamAnswered(1, 100) // exactly 0.1: the 0.1 bucket (le is inclusive)
    metrics.upstreamAnswered(1, 200_000) // beyond the last bound: +Inf only
    const { values } = await metrics.upstreamDuration.get()
    const bucket = (le: string) =>
      values.find((v) => v.metricName === 'gateway_upstream_duration_seconds_bucket' && v.labels.le === le)?.value
    expect([bucket('0.05'), bucket('0.1'), bucket('0.25'), bucket('120'), bucket('+Inf')]).toEqual([1, 2, 2, 2, 3])
    expect(values.find((v) => v.metricName === 'gateway_upstream_duration_seconds_sum')?.value).toBeCloseTo(200.14, 6)
  })

  it('names retry reasons from a small fixed set', () => {
    expect(retryReason({ local: false, status: 429, code: 'rate_limit_exceeded' })).toBe('rate_limited')
    expect(retryReason({ local: false, status: 503, code: 'x' })).toBe('upstream_5xx')
    expect(retryReason({ local: false, status: 404, code: 'x' })).toBe('upstream_4xx')
    expect(retryReason({ local: false, status: 502, code: 'upstream_request_failed' })).toBe('connect_failed')
    expect(retryReason({ local: false, status: 502, code: 'upstream_address_blocked' })).toBe('address_blocked')
    expect(retryReason({ local: true, status: 503, code: 'model_not_found' })).toBe('no_usable_key')
    expect(retryReason({ local: true, status: 501, code: 'not_implemented' })).toBe('local')
  })

  it('tracks streams in progress: started, then ended with or without an error', async () => {
    const metrics = new GatewayMetrics(hostWith({ default: ['m'] }))
    metrics.started(true)
    metrics.started(true)
    metrics.started(false)
    metrics.ended('chat', 'm', 1, true, performance.now())
    const [gauge] = (await metrics.activeStreams.get()).values
    expect(gauge?.value).toBe(1)
    metrics.ended('chat', 'm', 1, true, performance.now(), { status: 502 })
    metrics.ended('chat', 'm', 1, false, performance.now(), new Error('no status'))
    expect((await metrics.activeStreams.get()).values[0]?.value).toBe(0)
    const statuses = (await metrics.requests.get()).values.map((v) => [v.labels.status, v.labels.stream, v.value])
    expect(statuses).toEqual([
      ['200', 'true', 1],
      ['502', 'true', 1],
      ['500', 'false', 1],
    ])
  })
})

describe('the Grafana dashboard', () => {
  it('queries only metrics the exposition has', async () => {
    const { readFileSync } = await import('node:fs')
    const dashboard = JSON.parse(
      readFileSync(new URL('../../../../deploy/grafana/gateway-dashboard.json', import.meta.url), 'utf8')
    ) as { panels: { targets: { expr: string }[] }[] }
    const text = await renderMetrics(hostWith({}))
    const families = new Set(
      [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap((m) =>
        m[2] === 'histogram' ? [`${m[1]}_bucket`, `${m[1]}_sum`, `${m[1]}_count`] : [m[1] as string]
      )
    )
    const used = new Set(
      dashboard.panels.flatMap((panel) =>
        panel.targets.flatMap((target) =>
          [...target.expr.matchAll(/\b((?:gateway|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1] as string)
        )
      )
    )
    expect(used.size).toBeGreaterThanOrEqual(12)
    expect([...used].filter((name) => !families.has(name))).toEqual([])
  })
})
