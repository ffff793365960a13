import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { shouldRetry } from './query-client'

describe('shouldRetry', () => {
  it('never retries a refusal: a business error at 200 (success false) or a 4xx', () => {
    expect(shouldRetry(0, new ApiError('NOT_FOUND', 'Token not found', 200))).toBe(false)
    expect(shouldRetry(0, new ApiError('FORBIDDEN', 'No access', 403))).toBe(false)
    expect(shouldRetry(0, new ApiError('RATE_LIMITED', 'Slow down', 429))).toBe(false)
  })

  it('retries a network failure or a 5xx once', () => {
    expect(shouldRetry(0, new ApiError('NETWORK_ERROR', 'offline', 0))).toBe(true)
    expect(shouldRetry(0, new ApiError('INTERNAL_ERROR', 'boom', 500))).toBe(true)
    expect(shouldRetry(1, new ApiError('INTERNAL_ERROR', 'boom', 500))).toBe(false)
  })
})
