/** One sample line of the Prometheus text format. */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/g

/**
 * Parses an exposition strictly: every line is a HELP or TYPE comment or a well-formed sample of a
 * family whose TYPE came before it; anything else throws, so a test that parses it checks the format.
 */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = []
  const typed = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line === '') continue
    if (line.startsWith('# HELP ')) continue
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice(7).split(' ')
      if (!name || !type || !['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type))
        throw new Error(`bad TYPE line: ${line}`)
      typed.set(name, type)
      continue
    }
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`bad sample line: ${line}`)
    const name = match[1] as string
    const family = typed.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '')
    if (!typed.has(family)) throw new Error(`sample of an untyped family: ${line}`)
    const labels: Record<string, string> = {}
    const body = match[2] ?? ''
    let consumed = 0
    for (const label of body.matchAll(LABEL)) {
      labels[label[1] as string] = (label[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
      consumed += label[0].length
    }
    if (consumed !== body.length) throw new Error(`bad labels: ${line}`)
    // Prometheus reads values with Go's ParseFloat: NaN and Inf in any case (prom-client writes "Nan").
    const raw = (match[3] as string).toLowerCase()
    const value =
      raw === '+inf' || raw === 'inf' ? Infinity : raw === '-inf' ? -Infinity : raw === 'nan' ? NaN : Number(raw)
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`bad value: ${line}`)
    samples.push({ name, labels, value })
  }
  return samples
}

/** The samples of one metric name, each as its labels plus the value, for exact comparisons. */
export function samplesOf(samples: Sample[], name: string): Record<string, string | number>[] {
  return samples.filter((s) => s.name === name).map((s) => ({ ...s.labels, value: s.value }))
}
