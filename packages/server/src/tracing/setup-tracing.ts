import { context, propagation, trace } from '@opentelemetry/api'
import type { Sampler, SpanProcessor } from '@opentelemetry/sdk-trace-base'
import { setActiveTracer } from './active-tracer.ts'
import { traceContextPropagator } from './relay-trace.ts'
import type { TracingSettings } from './tracing-settings.ts'

interface Started {
  shutdown(): Promise<void>
}

let started: Started | undefined

export interface TracingOptions {
  /** reported as service.version */
  version?: string
  /** tests: where spans go instead of the OTLP exporter (an in-memory exporter behind a simple processor) */
  spanProcessors?: SpanProcessor[]
}

/**
 * Starts the OpenTelemetry SDK for traces only: spans of the relay go over OTLP/HTTP in batches.
 * No auto-instrumentation (every HTTP call and database query would pay for it), and no metrics or
 * logs through the SDK, which would otherwise start their own OTLP exporters from the environment.
 * The SDK is loaded here, on demand, so a gateway without traces never loads it.
 */
export async function startTracing(settings: TracingSettings, options: TracingOptions = {}): Promise<void> {
  if (started) await stopTracing()
  const [{ NodeSDK }, base, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
  ])
  const spanProcessors = options.spanProcessors ?? [
    new base.BatchSpanProcessor(
      new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter({ url: settings.url })
    ),
  ]
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    resource: resourceFromAttributes(options.version ? { 'service.version': options.version } : {}),
    sampler: samplerOf(settings, base),
    spanProcessors,
    textMapPropagator: traceContextPropagator,
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  })
  sdk.start()
  started = sdk
  setActiveTracer(trace.getTracer('gateway', options.version))
}

/** Exports the spans still buffered and stops the SDK; nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const sdk = started
  if (!sdk) return
  started = undefined
  setActiveTracer(undefined)
  await sdk.shutdown()
  // The API's globals accept one registration only; clearing them lets a later start register again.
  trace.disable()
  context.disable()
  propagation.disable()
}

function samplerOf(settings: TracingSettings, base: typeof import('@opentelemetry/sdk-trace-base')): Sampler {
  const ratio = new base.TraceIdRatioBasedSampler(settings.ratio)
  switch (settings.sampler) {
    case 'always_on':
      return new base.AlwaysOnSampler()
    case 'always_off':
      return new base.AlwaysOffSampler()
    case 'traceidratio':
      return ratio
    case 'parentbased_always_off':
      return new base.ParentBasedSampler({ root: new base.AlwaysOffSampler() })
    case 'parentbased_traceidratio':
      return new base.ParentBasedSampler({ root: ratio })
    default:
      return new base.ParentBasedSampler({ root: new base.AlwaysOnSampler() })
  }
}
