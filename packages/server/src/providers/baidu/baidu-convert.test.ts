import { describe, expect, it } from 'vitest'
import { dataFrames, fixtureReader } from '../../../test/sse-fixtures.ts'
import type { RelayChannel } from '../../relay/cache/channel-cache.ts'
import type { OpenAIChatChunk } from '../openai-chat-api.ts'
import { baiduAdapter, parseBaiduKey } from './baidu-adapter.ts'
import type { BaiduChatResponse } from './baidu-api.ts'
import { baiduChatEndpoint } from './baidu-endpoints.ts'
import { baiduErrorKind, baiduErrorStatus, readBaiduError, scrubAccessToken } from './baidu-error.ts'
import { BaiduToOpenAIStream } from './baidu-stream-to-openai.ts'
import { convertBaiduResponse } from './convert-baidu-response.ts'
import { convertToBaiduRequest } from './convert-to-baidu-request.ts'

const { fixture, payloads } = fixtureReader(import.meta.dirname)

const framesOf = (frames: string[]) =>
  dataFrames<OpenAIChatChunk & { error?: { message: string; code: string } }>(frames)
const TOKEN = '24.6c5e1ff107f0e8bcef8c46d3424a0e78.2592000.1485516651.282335-8574074'

describe('OpenAI chat request to ERNIE', () => {
  it('moves system text to system, merges same-role turns, drops a leading assistant turn and joins text parts', () => {
    const body = convertToBaiduRequest({
      model: 'ERNIE-4.0-8K',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'assistant', content: 'Hello! How can I help?' },
        { role: 'user', content: 'Plan a trip.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'By car.' },
            { type: 'image_url', image_url: { url: 'https://x/y.png' } },
          ],
        },
        { role: 'developer', content: 'In Chinese.' },
        { role: 'assistant', content: 'Where to?' },
        { role: 'assistant', content: '' },
        { role: 'tool', tool_call_id: 'call_1', content: 'Beijing' },
      ],
      temperature: 0,
      top_p: 0.9,
      max_tokens: 1,
      stop: 'END',
      stream: true,
      user: 'u-42',
      penalty_score: 1.2,
    })
    expect(body).toEqual({
      system: 'Be brief.\nIn Chinese.',
      messages: [
        { role: 'user', content: 'Plan a trip.\nBy car.' },
        { role: 'assistant', content: 'Where to?' },
        { role: 'user', content: 'Beijing' },
      ],
      stream: true,
      temperature: 0.01,
      top_p: 0.9,
      penalty_score: 1.2,
      max_output_tokens: 2,
      stop: ['END'],
      user_id: 'u-42',
    })
  })

  it('clamps the temperature into (0, 1] and prefers max_completion_tokens', () => {
    const body = convertToBaiduRequest({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      temperature: 1.7,
      max_tokens: 50,
      max_completion_tokens: 300,
    })
    expect(body).toEqual({ messages: [{ role: 'user', content: 'hi' }], temperature: 1, max_output_tokens: 300 })
  })
})

describe('ERNIE endpoints and URL', () => {
  it('maps the common models to their endpoints, case-insensitively, and keeps other names', () => {
    expect(baiduChatEndpoint('ERNIE-4.0-8K')).toBe('completions_pro')
    expect(baiduChatEndpoint('ERNIE-3.5-8K')).toBe('completions')
    expect(baiduChatEndpoint('ernie-speed-8k')).toBe('ernie_speed')
    expect(baiduChatEndpoint('ERNIE-Lite-8K')).toBe('ernie-lite-8k')
    expect(baiduChatEndpoint('ERNIE-Character-8K')).toBe('ernie-char-8k')
    expect(baiduChatEndpoint('my_custom_endpoint')).toBe('my_custom_endpoint')
  })

  it('puts the access token in the query and needs one', () => {
    const channel = { baseUrl: 'https://aip.baidubce.com/' } as RelayChannel
    expect(baiduAdapter.buildUrl(channel, 'chat', 'ERNIE-Speed-8K', false, TOKEN).toString()).toBe(
      `https://aip.baidubce.com/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/ernie_speed?access_token=${TOKEN}`
    )
    expect(() => baiduAdapter.buildUrl(channel, 'chat', 'ERNIE-Speed-8K', false)).toThrow()
  })

  it('reads the key as APIKey|SecretKey', () => {
    expect(parseBaiduKey(' ak | sk ')).toEqual({ apiKey: 'ak', secretKey: 'sk' })
    expect(parseBaiduKey('ak')).toBeUndefined()
    expect(parseBaiduKey('ak|')).toBeUndefined()
    expect(parseBaiduKey('a|b|c')).toBeUndefined()
  })
})

describe('ERNIE answers to OpenAI', () => {
  it('converts a JSON answer with usage and finish reason', () => {
    const { body, usage } = convertBaiduResponse(
      JSON.parse(fixture('baidu-text.json')) as BaiduChatResponse,
      'ERNIE-4.0-8K',
      1
    )
    expect(body).toEqual({
      id: 'chatcmpl-as-bcmt5ct4iy',
      object: 'chat.completion',
      created: 1680167072,
      model: 'ERNIE-4.0-8K',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: '您好，我是文心一言，英文名是ERNIE Bot。' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 4, completion_tokens: 17, total_tokens: 21, prompt_tokens_details: { cached_tokens: 0 } },
    })
    expect(usage).toEqual({ promptTokens: 4, completionTokens: 17 })
  })

  it('reports a truncated answer as length and no usage when it is missing or implausible', () => {
    const truncated = convertBaiduResponse(
      { id: 'a', object: 'chat.completion', created: 2, result: 'x', is_truncated: true },
      'm',
      3
    )
    expect(truncated.body.choices[0]?.finish_reason).toBe('length')
    expect(truncated.usage).toBeUndefined()
    expect(
      convertBaiduResponse(
        {
          id: 'a',
          object: 'chat.completion',
          created: 2,
          result: 'x',
          usage: { prompt_tokens: -1, completion_tokens: 2 },
        },
        'm',
        3
      ).usage
    ).toBeUndefined()
  })

  it('classifies error bodies sent with HTTP 200', () => {
    expect(readBaiduError(JSON.parse(fixture('baidu-token-expired.json')))).toEqual({
      error_code: 111,
      error_msg: 'Access token expired',
    })
    expect(readBaiduError(JSON.parse(fixture('baidu-text.json')))).toBeUndefined()
    expect(readBaiduError({ error_code: 0, error_msg: '' })).toBeUndefined()
    expect(baiduErrorStatus(baiduErrorKind(110))).toBe(401)
    expect(baiduErrorStatus(baiduErrorKind(111))).toBe(401)
    expect(baiduErrorStatus(baiduErrorKind(18))).toBe(429)
    expect(baiduErrorStatus(baiduErrorKind(336100))).toBe(429)
    expect(baiduErrorStatus(baiduErrorKind(336006))).toBe(400)
    expect(baiduErrorStatus(baiduErrorKind(336000))).toBe(502)
  })

  it('scrubs access tokens out of messages', () => {
    expect(scrubAccessToken(`bad token ${TOKEN} at /chat?access_token=abc&x=1`)).toBe(
      'bad token [token] at /chat?access_token=[token]&x=1'
    )
  })
})

describe('ERNIE stream to OpenAI', () => {
  const translate = (name: string, includeUsage = true) => {
    const stream = new BaiduToOpenAIStream({ clientModel: 'ERNIE-4.0-8K', created: 7, includeUsage })
    const frames = payloads(name).flatMap((payload) => stream.push(payload))
    frames.push(...stream.finish())
    return { stream, frames, chunks: framesOf(frames) }
  }

  it('streams the text, then the finish reason, the usage chunk and [DONE]', () => {
    const { stream, frames, chunks } = translate('baidu-text.chunks.txt')
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' })
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('当然可以，以下是一些建议的自驾游路线。')
    expect(chunks.every((c) => c.id === 'chatcmpl-as-vb0m37ti8y' && c.model === 'ERNIE-4.0-8K')).toBe(true)
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 11, total_tokens: 16 })
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
    expect(stream.usage).toEqual({ promptTokens: 5, completionTokens: 11 })
    expect(stream.text).toBe('当然可以，以下是一些建议的自驾游路线。')
  })

  it('reports length and leaves the usage chunk out when not asked for', () => {
    const { chunks } = translate('baidu-length.chunks.txt', false)
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('length')
    expect(chunks.some((c) => c.usage)).toBe(false)
  })

  it('turns an error inside the stream into an OpenAI error frame', () => {
    const { stream, frames, chunks } = translate('baidu-stream-error.chunks.txt')
    expect(chunks.at(-1)?.error).toEqual({
      message: 'try again later',
      type: 'upstream_error',
      param: '',
      code: 'baidu_336100',
    })
    expect(stream.error).toEqual({ type: 'rate_limited', message: 'try again later' })
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
  })

  it('skips and counts malformed payloads', () => {
    const stream = new BaiduToOpenAIStream({ clientModel: 'm', created: 1, includeUsage: false })
    expect(stream.push('{"result":')).toEqual([])
    expect(stream.push('null')).toEqual([])
    expect(stream.malformed).toBe(2)
    expect(
      framesOf(stream.push('{"id":"as-1","result":"ok","is_end":true}')).map((c) => c.choices[0]?.delta.content)
    ).toEqual(['', 'ok'])
  })
})
