import { describe, expect, it } from 'vitest'
import { readEnv } from '../env.ts'
import { channelTestMinutes } from './start-jobs.ts'

describe('automatic channel tests (CHANNEL_TEST_FREQUENCY, CHANNEL_TEST_ENABLED)', () => {
  it('are off by default and run at the given frequency', () => {
    expect(channelTestMinutes(readEnv({}))).toBe(0)
    expect(channelTestMinutes(readEnv({ CHANNEL_TEST_FREQUENCY: '30' }))).toBe(30)
  })

  it('are switched off by CHANNEL_TEST_ENABLED=false whatever the frequency', () => {
    expect(channelTestMinutes(readEnv({ CHANNEL_TEST_FREQUENCY: '30', CHANNEL_TEST_ENABLED: 'false' }))).toBe(0)
  })

  it('run every 10 minutes when CHANNEL_TEST_ENABLED=true names no frequency, as in the reference', () => {
    expect(channelTestMinutes(readEnv({ CHANNEL_TEST_ENABLED: 'true' }))).toBe(10)
    expect(channelTestMinutes(readEnv({ CHANNEL_TEST_ENABLED: 'true', CHANNEL_TEST_FREQUENCY: '5' }))).toBe(5)
  })
})
