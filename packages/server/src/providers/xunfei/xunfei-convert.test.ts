import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { dataFrames } from '../../../test/sse-fixtures.ts'
import { convertToXunfeiRequest } from './convert-to-xunfei-request.ts'
import { parseXunfeiKey, signXunfeiUrl } from './xunfei-auth.ts'
import { XunfeiToOpenAIStream } from './xunfei-stream-to-openai.ts'

describe('iFlytek Spark', () => {
  it('reads the APPID|APISecret|APIKey key', () => {
    expect(parseXunfeiKey(' a | s | k ')).toEqual({ appId: 'a', apiSecret: 's', apiKey: 'k' })
    expect(parseXunfeiKey('a|s')).toBeUndefined()
  })

  it('signs host, date and request line with the API secret, as the authentication document describes', () => {
    const date = new Date('2023-06-15T07:35:43Z')
    const url = signXunfeiUrl(
      new URL('wss://spark-api.xf-yun.com/v3.5/chat'),
      { apiKey: 'key', apiSecret: 'secret' },
      date
    )
    expect(url.searchParams.get('date')).toBe('Thu, 15 Jun 2023 07:35:43 GMT')
    expect(url.searchParams.get('host')).toBe('spark-api.xf-yun.com')
    const signature = createHmac('sha256', 'secret')
      .update('host: spark-api.xf-yun.com\ndate: Thu, 15 Jun 2023 07:35:43 GMT\nGET /v3.5/chat HTTP/1.1')
      .digest('base64')
    expect(Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString()).toBe(
      `api_key="key", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`
    )
  })

  it('sends text turns only: developer as system, tool answers as user text, temperature within 0–1', () => {
    const request = convertToXunfeiRequest(
      {
        model: 'spark',
        messages: [
          { role: 'developer', content: 'Rules' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'image_url', image_url: { url: 'https://x/y.png' } },
            ],
          },
          { role: 'tool', tool_call_id: 't', content: '42' },
        ],
        temperature: 1.7,
        max_tokens: 64,
      },
      'app',
      'v4.0'
    )
    expect(request).toEqual({
      header: { app_id: 'app', uid: 'gateway' },
      parameter: { chat: { domain: '4.0Ultra', temperature: 1, max_tokens: 64 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'Rules' },
            { role: 'user', content: 'Look' },
            { role: 'user', content: '42' },
          ],
        },
      },
    })
  })

  it('streams frames, skips a malformed one, and passes an error frame on', () => {
    const stream = new XunfeiToOpenAIStream({ clientModel: 'spark', created: 1, includeUsage: true, requestId: 'r' })
    const frames = [
      ...stream.push(
        JSON.stringify({
          header: { code: 0, sid: 's1', status: 0 },
          payload: { choices: { text: [{ content: 'Hi' }] } },
        })
      ),
      ...stream.push('{"header": {'),
      ...stream.push(JSON.stringify({ header: { code: 11202, message: 'licc limit', status: 2 } })),
      ...stream.finish(),
    ]
    expect(stream.malformed).toBe(1)
    const chunks = dataFrames(frames)
    expect(chunks.map((c) => c.choices?.[0]?.delta.content ?? '').join('')).toBe('Hi')
    expect(chunks.at(-1)?.error).toMatchObject({ message: 'licc limit', code: 'xunfei_11202' })
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
  })
})
