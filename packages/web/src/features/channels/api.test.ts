import { mockFetch } from '@test/render'
import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import { ApiError } from '@/lib/api-client'
import { channelsApi } from './api'

describe('channelsApi.test', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en')
  })

  it('rejects a failed test with the sentence the server answered, which the console toasts as it is', async () => {
    // A failed test answers 200 with the test's own success and message on top (the reference's shape).
    const sentence = 'The upstream request failed'
    const calls = mockFetch(() => ({
      body: { success: false, message: sentence, time: 0, data: { success: false, message: sentence, time: 0 } },
    }))
    const failure = await channelsApi.test(3, 'gpt-4o').then(
      () => undefined,
      (error: unknown) => error
    )
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).message).toBe(sentence)
    expect(calls[0]?.url).toBe('/api/channel/test/3?model=gpt-4o')
    // The server picks the sentence's language from this header.
    expect(new Headers(calls[0]?.init.headers).get('Accept-Language')).toBe('en')
  })

  it('answers the time of a passed test', async () => {
    mockFetch(() => ({
      body: { success: true, message: '', time: 0.42, data: { success: true, message: '', time: 0.42 } },
    }))
    expect(await channelsApi.test(3)).toEqual({ success: true, message: '', time: 0.42 })
  })
})
