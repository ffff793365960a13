import { mockFetch } from '@test/render'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@/i18n'
import type { ChatRequestBody } from './playground-settings'
import { ChatStreamError, streamChat } from './playground-stream'

const body: ChatRequestBody = {
  model: 'gpt-4o-mini',
  group: 'default',
  stream: true,
  temperature: 0.7,
  messages: [{ role: 'user', content: 'hi' }],
}

describe('streamChat', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh')
  })

  it('asks in the console language of the moment and shows the server refusal as it came', async () => {
    const calls = mockFetch((_url, init) => {
      const language = new Headers(init.headers).get('Accept-Language')
      return {
        status: 403,
        body: { error: { message: language === 'en' ? 'You may not use this group' : '无权访问该分组' } },
      }
    })
    await i18n.changeLanguage('en')
    await expect(streamChat(body, () => {})).rejects.toMatchObject({
      kind: 'server',
      message: 'You may not use this group',
    })
    await i18n.changeLanguage('zh')
    const refusal = streamChat(body, () => {})
    await expect(refusal).rejects.toBeInstanceOf(ChatStreamError)
    await expect(refusal).rejects.toMatchObject({ message: '无权访问该分组' })
    expect(calls.map((call) => new Headers(call.init.headers).get('Accept-Language'))).toEqual(['en', 'zh'])
  })
})
