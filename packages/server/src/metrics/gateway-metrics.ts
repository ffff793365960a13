import { LATENCY_BUCKETS, TTFT_BUCKETS } from './buckets.ts'
import { modelLabel, type ListedModels } from './model-label.ts'
import { CollectedGauge, CounterFamily, HistogramFamily, type CounterSeries, type HistogramSeries } from './series.ts'

/** What the metrics read from one app's services (structural, so this module imports nothing of the relay). */
export interface MetricsHost {
  relay: {
    logs: { readonly pending: number }
    channels: { readonly latest: ListedModels }
  }
}

/** A relay failure as the retry counter sees it. */
export interface FailureShape {
  local: boolean
  status: number
  code: string
}

export type RetryReason =
  'rate_limited' | 'upstream_5xx' | 'upstream_4xx' | 'connect_failed' | 'address_blocked' | 'no_usable_key' | 'local'

/** Why the next channel was tried, from the failure of the previous one (a fixed, small set). */
export function retryReason(error: FailureShape): RetryReason {
  if (error.local) return error.code === 'model_not_found' ? 'no_usable_key' : 'local'
  if (error.code === 'upstream_request_failed') return 'connect_failed'
  if (error.code === 'upstream_address_blocked') return 'address_blocked'
  if (error.status === 429) return 'rate_limited'
  return error.status >= 500 ? 'upstream_5xx' : 'upstream_4xx'
}

interface ModelSeries {
  prompt: CounterSeries
  completion: CounterSeries
  quota: CounterSeries
}

/**
 * One app's relay metrics. Every series is created once per label set and kept in nested Maps
 * (endpoint -> model -> one number for channel, status and stream), so recording a request is a
 * few Map lookups and additions: no label objects, no strings built per request.
 */
export class GatewayMetrics {
  readonly requests = new CounterFamily(
    'gateway_relay_requests_total',
    'Relayed requests by endpoint, model, channel (id, 0: none was reached), HTTP status and streaming.'
  )
  readonly duration = new HistogramFamily(
    'gateway_relay_duration_seconds',
    'Time from arrival until the answer was complete (streams: until the last byte).',
    LATENCY_BUCKETS
  )
  readonly upstreamDuration = new HistogramFamily(
    'gateway_upstream_duration_seconds',
    'Time from sending a request upstream until its response headers, per channel.',
    LATENCY_BUCKETS
  )
  readonly ttft = new HistogramFamily(
    'gateway_relay_time_to_first_token_seconds',
    'Streams: time from arrival until the first token was sent to the client.',
    TTFT_BUCKETS
  )
  readonly tokens = new CounterFamily(
    'gateway_relay_tokens_total',
    'Tokens billed, by model and direction (prompt, completion).'
  )
  readonly quota = new CounterFamily(
    'gateway_relay_quota_total',
    'Quota charged (what the settlement collected), by model.'
  )
  readonly errorAnswers = new CounterFamily(
    'gateway_relay_error_answers_total',
    'Relay requests answered with an error at any stage (key, balance, routing, upstream), by endpoint and HTTP status; includes the refusals made before a channel was chosen, which gateway_relay_requests_total does not count.'
  )
  readonly retries = new CounterFamily(
    'gateway_relay_retries_total',
    'Further channel attempts after a failed one, by the reason of the failure.'
  )
  readonly autoDisables = new CounterFamily(
    'gateway_channel_auto_disabled_total',
    'Channels (scope channel) or keys of multi-key channels (scope key) disabled automatically after a fatal upstream error.'
  )
  readonly activeStreams = new CollectedGauge(
    'gateway_relay_active_streams',
    'Streaming requests in progress.',
    () => this.streams
  )
  readonly logQueue: CollectedGauge
  private streams = 0
  private readonly host: MetricsHost
  private readonly byRequest = new Map<string, Map<string, Map<number, CounterSeries>>>()
  private readonly byEndpoint = new Map<string, HistogramSeries[]>()
  private readonly ttftByEndpoint = new Map<string, HistogramSeries>()
  private readonly byModel = new Map<string, ModelSeries>()
  private readonly byChannel = new Map<number, HistogramSeries>()
  private readonly errorsByEndpoint = new Map<string, Map<number, CounterSeries>>()
  private readonly byReason = new Map<RetryReason, CounterSeries>()
  private readonly disablesByChannel = new Map<number, CounterSeries[]>()

  constructor(host: MetricsHost) {
    this.host = host
    this.logQueue = new CollectedGauge(
      'gateway_log_queue_depth',
      'Usage log rows waiting to be written.',
      () => host.relay.logs.pending
    )
  }

  /** Every family, for the registry. */
  families() {
    return [
      this.requests,
      this.errorAnswers,
      this.duration,
      this.upstreamDuration,
      this.ttft,
      this.tokens,
      this.quota,
      this.retries,
      this.autoDisables,
      this.activeStreams,
      this.logQueue,
    ]
  }

  /** A relayed request ended: successfully (`error` undefined, status 200) or with this error (its status, 500 without one). */
  ended(endpoint: string, model: string, channelId: number, stream: boolean, startedMs: number, error?: unknown): void {
    const status = error === undefined ? 200 : statusOf(error)
    this.answered(endpoint, model, channelId, status, stream, performance.now() - startedMs)
    if (stream) this.streams--
  }

  /** A request was answered (successfully or not): counted by its labels, its duration observed. */
  answered(
    endpoint: string,
    model: string,
    channelId: number,
    status: number,
    stream: boolean,
    durationMs: number
  ): void {
    const label = modelLabel(model, this.host.relay.channels.latest)
    this.requestSeries(endpoint, label, channelId, status, stream).add(1)
    this.durationSeries(endpoint, stream).observe(durationMs / 1000)
  }

  /** A successful exchange was settled: tokens, quota collected, and a stream's first token. */
  settled(
    model: string,
    promptTokens: number,
    completionTokens: number,
    collected: number,
    ttftMs: number | undefined,
    endpoint: string
  ): void {
    const series = this.modelSeries(modelLabel(model, this.host.relay.channels.latest))
    series.prompt.add(promptTokens)
    series.completion.add(completionTokens)
    series.quota.add(collected)
    if (ttftMs !== undefined) this.ttftSeries(endpoint).observe(ttftMs / 1000)
  }

  /** The client got an error answer (called where the relay routes render errors). */
  errorAnswered(endpoint: string, error: unknown): void {
    const status = statusOf(error)
    let statuses = this.errorsByEndpoint.get(endpoint)
    if (!statuses) {
      statuses = new Map()
      this.errorsByEndpoint.set(endpoint, statuses)
    }
    let series = statuses.get(status)
    if (!series) {
      series = this.errorAnswers.series({ endpoint, status: String(status) })
      statuses.set(status, series)
    }
    series.add(1)
  }

  upstreamAnswered(channelId: number, ms: number): void {
    let series = this.byChannel.get(channelId)
    if (!series) {
      series = this.upstreamDuration.series({ channel: String(channelId) })
      this.byChannel.set(channelId, series)
    }
    series.observe(ms / 1000)
  }

  retried(error: FailureShape): void {
    const reason = retryReason(error)
    let series = this.byReason.get(reason)
    if (!series) {
      series = this.retries.series({ reason })
      this.byReason.set(reason, series)
    }
    series.add(1)
  }

  autoDisabled(channelId: number, scope: 'channel' | 'key'): void {
    let pair = this.disablesByChannel.get(channelId)
    if (!pair) {
      pair = [
        this.autoDisables.series({ channel: String(channelId), scope: 'channel' }),
        this.autoDisables.series({ channel: String(channelId), scope: 'key' }),
      ]
      this.disablesByChannel.set(channelId, pair)
    }
    ;(pair[scope === 'channel' ? 0 : 1] as CounterSeries).add(1)
  }

  /** A relayed request got its reservation and goes upstream now; ended() closes it. */
  started(stream: boolean): void {
    if (stream) this.streams++
  }

  private requestSeries(
    endpoint: string,
    model: string,
    channelId: number,
    status: number,
    stream: boolean
  ): CounterSeries {
    let models = this.byRequest.get(endpoint)
    if (!models) {
      models = new Map()
      this.byRequest.set(endpoint, models)
    }
    let tuples = models.get(model)
    if (!tuples) {
      tuples = new Map()
      models.set(model, tuples)
    }
    // Channel, status (below 1024) and stream packed into one number: a Map key without a string.
    const key = channelId * 2048 + status * 2 + (stream ? 1 : 0)
    let series = tuples.get(key)
    if (!series) {
      series = this.requests.series({
        endpoint,
        model,
        channel: String(channelId),
        status: String(status),
        stream: String(stream),
      })
      tuples.set(key, series)
    }
    return series
  }

  private durationSeries(endpoint: string, stream: boolean): HistogramSeries {
    let pair = this.byEndpoint.get(endpoint)
    if (!pair) {
      pair = [this.duration.series({ endpoint, stream: 'false' }), this.duration.series({ endpoint, stream: 'true' })]
      this.byEndpoint.set(endpoint, pair)
    }
    return pair[stream ? 1 : 0] as HistogramSeries
  }

  private ttftSeries(endpoint: string): HistogramSeries {
    let series = this.ttftByEndpoint.get(endpoint)
    if (!series) {
      series = this.ttft.series({ endpoint })
      this.ttftByEndpoint.set(endpoint, series)
    }
    return series
  }

  private modelSeries(model: string): ModelSeries {
    let series = this.byModel.get(model)
    if (!series) {
      series = {
        prompt: this.tokens.series({ model, direction: 'prompt' }),
        completion: this.tokens.series({ model, direction: 'completion' }),
        quota: this.quota.series({ model }),
      }
      this.byModel.set(model, series)
    }
    return series
  }
}

function statusOf(error: unknown): number {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined
  return typeof status === 'number' && status >= 100 && status < 1024 ? status : 500
}

const perHost = new WeakMap<MetricsHost, GatewayMetrics>()

/** The metrics of one app (tests run several apps in one process, each with its own counts). */
export function metricsOf(host: MetricsHost): GatewayMetrics {
  let metrics = perHost.get(host)
  if (!metrics) {
    metrics = new GatewayMetrics(host)
    perHost.set(host, metrics)
  }
  return metrics
}
