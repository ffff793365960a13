import { describe, expect, it } from 'vitest'
import { readEnv } from '../env.ts'
import { tracingSettingsOf } from './tracing-settings.ts'

describe('tracingSettingsOf', () => {
  it('is off when no OTLP endpoint is set', () => {
    expect(tracingSettingsOf(readEnv({}))).toBeUndefined()
  })

  it('posts to /v1/traces under the base endpoint, with the default sampler and service name', () => {
    expect(tracingSettingsOf(readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'gateway',
      sampler: 'parentbased_always_on',
      ratio: 1,
    })
  })

  it('takes the traces endpoint as it is, over the base one, with the sampler and service named', () => {
    const env = readEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/otlp/spans',
      OTEL_SERVICE_NAME: 'gateway-eu',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    })
    expect(tracingSettingsOf(env)).toEqual({
      url: 'https://traces.example.com/otlp/spans',
      serviceName: 'gateway-eu',
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
    })
  })

  it('stays off with OTEL_SDK_DISABLED, endpoint or not', () => {
    expect(
      tracingSettingsOf(readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }))
    ).toBeUndefined()
  })

  it('refuses a sampler it does not know and a ratio above 1', () => {
    expect(() => readEnv({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(/OTEL_TRACES_SAMPLER/)
    expect(() => readEnv({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/)
  })
})
