import type { Env } from '../env.ts'

/** What the tracing setup needs from the environment; undefined means traces are off. */
export interface TracingSettings {
  /** the OTLP/HTTP URL spans are posted to */
  url: string
  serviceName: string
  sampler: Env['OTEL_TRACES_SAMPLER']
  /** the ratio of the *traceidratio samplers (1 when unset, as the specification says) */
  ratio: number
}

/**
 * Traces are off by default: only an OTLP endpoint turns them on, and OTEL_SDK_DISABLED turns them
 * off again. The traces endpoint is a full URL; the base endpoint gets the signal's path, as the
 * OTLP exporter specification says.
 */
export function tracingSettingsOf(env: Env): TracingSettings | undefined {
  if (env.OTEL_SDK_DISABLED) return undefined
  const url =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined)
  if (!url) return undefined
  return {
    url,
    serviceName: env.OTEL_SERVICE_NAME,
    sampler: env.OTEL_TRACES_SAMPLER,
    ratio: env.OTEL_TRACES_SAMPLER_ARG ?? 1,
  }
}
