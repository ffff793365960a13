import { afterAll, beforeAll, expect, it } from 'vitest'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { readEnv } from '../env.ts'
import { activeTracer } from './active-tracer.ts'
import { startRelayTrace } from './relay-trace.ts'
import { startTracing, stopTracing } from './setup-tracing.ts'
import { tracingSettingsOf } from './tracing-settings.ts'

let collector: ScriptedUpstream

beforeAll(async () => {
  collector = await startScriptedUpstream()
  collector.answer = () => ({ json: {} })
})
afterAll(async () => {
  await stopTracing()
  await collector.stop()
})

it('posts the spans over OTLP/HTTP to the configured endpoint when stopped, named by OTEL_SERVICE_NAME', async () => {
  const settings = tracingSettingsOf(
    readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'gateway-test' })
  )
  if (!settings) throw new Error('tracing settings expected')
  await startTracing(settings, { version: '9.9.9' })
  const trace = startRelayTrace('chat', 'req-1', {})
  if (!trace) throw new Error('a trace expected while tracing is on')
  trace.span.end()
  // Batched: nothing goes out before the flush that stopping makes.
  await stopTracing()
  expect(activeTracer).toBeUndefined()
  expect(collector.seen.map((seen) => [seen.path, seen.headers['content-type']])).toEqual([
    ['/v1/traces', 'application/json'],
  ])
  type Export = {
    resourceSpans: {
      resource: { attributes: { key: string; value: { stringValue?: string } }[] }
      scopeSpans: { spans: { name: string; kind: number }[] }[]
    }[]
  }
  const [resourceSpans] = (collector.seen[0]?.body as Export | undefined)?.resourceSpans ?? []
  const resource = Object.fromEntries(
    (resourceSpans?.resource.attributes ?? []).map((a) => [a.key, a.value.stringValue])
  )
  expect(resource).toMatchObject({ 'service.name': 'gateway-test', 'service.version': '9.9.9' })
  expect(resourceSpans?.scopeSpans.flatMap((scope) => scope.spans.map((span) => [span.name, span.kind]))).toEqual([
    ['relay chat', 2],
  ])
})
