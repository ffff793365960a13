/**
 * Metric families whose series are plain objects the caller keeps: recording is `value += n` on an
 * object found once, with no label hashing. prom-client's own `labels()` children hash their label
 * object on every increment, which is string building on the relay's hot path; these families
 * implement just what its Registry reads (name, help, type, get()) so they render through it.
 */

type Labels = Readonly<Record<string, string>>

interface MetricValue {
  labels: Labels
  value: number
  metricName?: string
}

export interface MetricSnapshot {
  name: string
  help: string
  type: 'counter' | 'gauge' | 'histogram'
  aggregator: 'sum'
  values: MetricValue[]
}

export class CounterSeries {
  value = 0
  readonly labels: Labels
  constructor(labels: Labels) {
    this.labels = labels
  }
  add(amount: number): void {
    this.value += amount
  }
}

export class CounterFamily {
  readonly type = 'counter' as const
  readonly aggregator = 'sum' as const
  readonly name: string
  readonly help: string
  private readonly all: CounterSeries[] = []

  constructor(name: string, help: string) {
    this.name = name
    this.help = help
  }

  /** A new series; the caller caches it per label set (a second call makes a duplicate). */
  series(labels: Labels): CounterSeries {
    const series = new CounterSeries(labels)
    this.all.push(series)
    return series
  }

  get(): Promise<MetricSnapshot> {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.all.map((s) => ({ labels: s.labels, value: s.value })),
    })
  }

  reset(): void {
    for (const series of this.all) series.value = 0
  }
}

/** A gauge read when scraped (queue depths, open streams): nothing is recorded per request. */
export class CollectedGauge {
  readonly type = 'gauge' as const
  readonly aggregator = 'sum' as const
  readonly name: string
  readonly help: string
  private readonly read: () => number

  constructor(name: string, help: string, read: () => number) {
    this.name = name
    this.help = help
    this.read = read
  }

  get(): Promise<MetricSnapshot> {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: [{ labels: {}, value: this.read() }],
    })
  }

  reset(): void {}
}

export class HistogramSeries {
  readonly labels: Labels
  /** per bucket (not cumulative; summed when scraped), the last slot is +Inf */
  readonly counts: Float64Array
  sum = 0
  count = 0
  private readonly bounds: readonly number[]

  constructor(labels: Labels, bounds: readonly number[]) {
    this.labels = labels
    this.bounds = bounds
    this.counts = new Float64Array(bounds.length + 1)
  }

  observe(value: number): void {
    const bounds = this.bounds
    let i = 0
    while (i < bounds.length && value > (bounds[i] as number)) i++
    this.counts[i] = (this.counts[i] as number) + 1
    this.sum += value
    this.count++
  }
}

export class HistogramFamily {
  readonly type = 'histogram' as const
  readonly aggregator = 'sum' as const
  readonly name: string
  readonly help: string
  readonly bounds: readonly number[]
  private readonly all: HistogramSeries[] = []

  constructor(name: string, help: string, bounds: readonly number[]) {
    this.name = name
    this.help = help
    this.bounds = bounds
  }

  series(labels: Labels): HistogramSeries {
    const series = new HistogramSeries(labels, this.bounds)
    this.all.push(series)
    return series
  }

  get(): Promise<MetricSnapshot> {
    const values: MetricValue[] = []
    const bucket = `${this.name}_bucket`
    for (const series of this.all) {
      let cumulative = 0
      for (let i = 0; i <= this.bounds.length; i++) {
        cumulative += series.counts[i] as number
        const le = i < this.bounds.length ? String(this.bounds[i]) : '+Inf'
        values.push({ metricName: bucket, labels: { ...series.labels, le }, value: cumulative })
      }
      values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum })
      values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count })
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values })
  }

  reset(): void {}
}
