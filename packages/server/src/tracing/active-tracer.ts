import type { Tracer } from '@opentelemetry/api'

/**
 * The tracer while tracing is on, undefined while it is off. The relay checks this one variable
 * before doing any tracing work, so a gateway without traces builds no attributes and no spans.
 */
export let activeTracer: Tracer | undefined

export function setActiveTracer(tracer: Tracer | undefined): void {
  activeTracer = tracer
}
