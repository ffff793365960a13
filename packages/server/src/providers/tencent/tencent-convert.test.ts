import { describe, expect, it } from 'vitest'
import { dataFrames, fixtureReader } from '../../../test/sse-fixtures.ts'
import type { RelayChannel } from '../../relay/cache/channel-cache.ts'
import type { OpenAIChatChunk, OpenAIChatRequest } from '../openai-chat-api.ts'
import { convertHunyuanResponse } from './convert-hunyuan-response.ts'
import { convertToHunyuanRequest } from './convert-to-hunyuan-request.ts'
import type { HunyuanResponse } from './hunyuan-api.ts'
import { hunyuanErrorStatus, readHunyuanError } from './hunyuan-error.ts'
import { HunyuanToOpenAIStream } from './hunyuan-stream-to-openai.ts'
import { signTc3 } from './tc3-signature.ts'
import { parseTencentKey, tencentAdapter } from './tencent-adapter.ts'

const { fixture, payloads } = fixtureReader(import.meta.dirname)

const chunksOf = (frames: string[]) =>
  dataFrames<OpenAIChatChunk & { error?: { message: string; code: string } }>(frames)

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_current_weather',
    description: 'Weather',
    parameters: { type: 'object', properties: { location: { type: 'string' } } },
  },
}

describe('OpenAI chat request to Hunyuan', () => {
  it('puts system text first, keeps tool calls and answers with their ids, and sends tool schemas as JSON text', () => {
    const request: OpenAIChatRequest = {
      model: 'hunyuan-functioncall',
      messages: [
        { role: 'user', content: 'Weather in Beijing?' },
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use tools.' }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_current_weather', arguments: '{"location":"北京"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'And this?' },
            { type: 'image_url', image_url: { url: 'https://example.com/sky.png' } },
          ],
        },
      ],
      tools: [weatherTool],
      tool_choice: { type: 'function', function: { name: 'get_current_weather' } },
      temperature: 0.5,
      top_p: 0.9,
      stop: 'END',
      seed: 7,
      max_tokens: 300,
      stream: true,
    }
    expect(convertToHunyuanRequest(request, 'hunyuan-functioncall')).toEqual({
      Model: 'hunyuan-functioncall',
      Stream: true,
      Messages: [
        { Role: 'system', Content: 'Be brief.\nUse tools.' },
        { Role: 'user', Content: 'Weather in Beijing?' },
        {
          Role: 'assistant',
          ToolCalls: [
            {
              Id: 'call_1',
              Type: 'function',
              Function: { Name: 'get_current_weather', Arguments: '{"location":"北京"}' },
            },
          ],
        },
        { Role: 'tool', Content: '18°C', ToolCallId: 'call_1' },
        {
          Role: 'user',
          Contents: [
            { Type: 'text', Text: 'And this?' },
            { Type: 'image_url', ImageUrl: { Url: 'https://example.com/sky.png' } },
          ],
        },
      ],
      Temperature: 0.5,
      TopP: 0.9,
      Stop: ['END'],
      Seed: 7,
      Tools: [
        {
          Type: 'function',
          Function: {
            Name: 'get_current_weather',
            Description: 'Weather',
            Parameters: JSON.stringify(weatherTool.function.parameters),
          },
        },
      ],
      ToolChoice: 'custom',
      CustomTool: {
        Type: 'function',
        Function: {
          Name: 'get_current_weather',
          Description: 'Weather',
          Parameters: JSON.stringify(weatherTool.function.parameters),
        },
      },
    })
  })

  it('maps tool_choice none, auto and required, and sends Stream false for a plain request', () => {
    const base: OpenAIChatRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [weatherTool] }
    expect(convertToHunyuanRequest({ ...base, tool_choice: 'none' }, 'm').ToolChoice).toBe('none')
    expect(convertToHunyuanRequest({ ...base, tool_choice: 'auto' }, 'm').ToolChoice).toBe('auto')
    expect(convertToHunyuanRequest({ ...base, tool_choice: 'required' }, 'm')).toMatchObject({
      ToolChoice: 'custom',
      CustomTool: { Function: { Name: 'get_current_weather' } },
    })
    const second = { type: 'function' as const, function: { name: 'other' } }
    expect(
      convertToHunyuanRequest({ ...base, tools: [weatherTool, second], tool_choice: 'required' }, 'm').ToolChoice
    ).toBe('auto')
    const plain = convertToHunyuanRequest({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, 'hunyuan-lite')
    expect(plain).toEqual({ Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: 'hi' }], Stream: false })
  })
})

describe('Hunyuan response to OpenAI', () => {
  it('maps text, the finish reason and usage', () => {
    const response = (JSON.parse(fixture('hunyuan-text.json')) as HunyuanResponse).Response ?? {}
    const { body, usage } = convertHunyuanResponse(response, 'hunyuan-lite', 1)
    expect(body).toMatchObject({
      id: 'chatcmpl-e38948cb-7d9c-4f84-ba57-81e2299abfcb',
      object: 'chat.completion',
      model: 'hunyuan-lite',
      created: 1715851034,
    })
    expect(body.choices).toEqual([
      {
        index: 0,
        message: { role: 'assistant', content: '你好！我是腾讯混元大模型，很高兴为你服务。' },
        finish_reason: 'stop',
      },
    ])
    expect(usage).toEqual({ promptTokens: 4, completionTokens: 13, cachedTokens: 0 })
    expect(body.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 13, total_tokens: 17 })
  })

  it('maps tool calls and the tool_calls finish reason', () => {
    const response = (JSON.parse(fixture('hunyuan-tool-calls.json')) as HunyuanResponse).Response ?? {}
    const { body } = convertHunyuanResponse(response, 'hunyuan-functioncall', 1)
    expect(body.choices[0]?.finish_reason).toBe('tool_calls')
    expect(body.choices[0]?.message.tool_calls).toEqual([
      {
        id: 'call_cp2ms0ec8cpo3dfrqqp0',
        type: 'function',
        function: { name: 'get_current_weather', arguments: '{"location": "北京"}' },
      },
    ])
  })

  it("keeps the T1 models' ReasoningContent as reasoning_content and maps sensitive to content_filter", () => {
    const { body } = convertHunyuanResponse(
      {
        Choices: [
          { Message: { Role: 'assistant', Content: '42', ReasoningContent: '6 x 7' }, FinishReason: 'sensitive' },
        ],
      },
      'hunyuan-t1-latest',
      5
    )
    expect(body.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: '42', reasoning_content: '6 x 7' },
      finish_reason: 'content_filter',
    })
    expect(body.created).toBe(5)
    const stream = new HunyuanToOpenAIStream({ clientModel: 'm', created: 1, includeUsage: false })
    const chunks = chunksOf(
      stream.push(
        JSON.stringify({
          Choices: [{ Delta: { Role: 'assistant', ReasoningContent: 'hmm', Content: '' }, FinishReason: '' }],
        })
      )
    )
    expect(chunks.map((chunk) => chunk.choices[0]?.delta)).toEqual([
      { role: 'assistant', content: '' },
      { reasoning_content: 'hmm' },
    ])
  })

  it('ignores implausible usage, so the relay counts tokens itself', () => {
    const { usage } = convertHunyuanResponse({ Choices: [], Usage: { PromptTokens: -3, CompletionTokens: 1 } }, 'm', 1)
    expect(usage).toBeUndefined()
  })
})

describe('Hunyuan errors', () => {
  it('reads Response.Error and a stream ErrorMsg, and nothing from a good answer', () => {
    expect(readHunyuanError(JSON.parse(fixture('hunyuan-auth-error.json')))).toEqual({
      code: 'AuthFailure.SignatureFailure',
      message: expect.stringContaining('could not be validated'),
    })
    expect(readHunyuanError({ ErrorMsg: { Msg: '请求模型超时', Code: 4001 } })).toEqual({
      code: '4001',
      message: '请求模型超时',
    })
    expect(readHunyuanError(JSON.parse(fixture('hunyuan-text.json')))).toBeUndefined()
    expect(readHunyuanError({ ErrorMsg: null })).toBeUndefined()
  })

  it('gives each error code family its HTTP status', () => {
    expect(hunyuanErrorStatus('AuthFailure.SecretIdNotFound')).toBe(401)
    expect(hunyuanErrorStatus('AuthFailure.SignatureExpire')).toBe(401)
    expect(hunyuanErrorStatus('RequestLimitExceeded')).toBe(429)
    expect(hunyuanErrorStatus('FailedOperation.EngineServerLimitExceeded')).toBe(429)
    expect(hunyuanErrorStatus('RequestSizeLimitExceeded')).toBe(400)
    expect(hunyuanErrorStatus('InvalidParameterValue.Model')).toBe(400)
    expect(hunyuanErrorStatus('MissingParameter')).toBe(400)
    expect(hunyuanErrorStatus('UnauthorizedOperation')).toBe(403)
    expect(hunyuanErrorStatus('ResourceUnavailable.InArrears')).toBe(403)
    expect(hunyuanErrorStatus('FailedOperation.ServiceNotActivated')).toBe(403)
    expect(hunyuanErrorStatus('InternalError')).toBe(502)
    expect(hunyuanErrorStatus('FailedOperation.EngineServerError')).toBe(502)
    expect(hunyuanErrorStatus('4001')).toBe(502)
  })
})

describe('Hunyuan stream to OpenAI chunks', () => {
  const run = (name: string, includeUsage = true) => {
    const stream = new HunyuanToOpenAIStream({ clientModel: 'hunyuan-x', created: 1, includeUsage })
    const frames = payloads(name).flatMap((payload) => stream.push(payload))
    frames.push(...stream.finish())
    return { stream, frames, chunks: chunksOf(frames) }
  }

  it('streams text with a role chunk first, the finish reason, the last usage, and [DONE]', () => {
    const { stream, frames, chunks } = run('hunyuan-text.chunks.txt')
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' })
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('你好！有什么可以帮你？')
    expect(
      chunks.every(
        (chunk) => chunk.id === 'chatcmpl-c9e2a1f4-6b3d-4e8a-9f1c-2d7b5a8e3c60' && chunk.model === 'hunyuan-x'
      )
    ).toBe(true)
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 7, total_tokens: 11 })
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
    expect(stream.usage).toEqual({ promptTokens: 4, completionTokens: 7, cachedTokens: 0 })
  })

  it('sends no usage chunk unless asked', () => {
    const { chunks } = run('hunyuan-text.chunks.txt', false)
    expect(chunks.some((chunk) => chunk.usage)).toBe(false)
  })

  it('merges tool call pieces by Id into one OpenAI tool call', () => {
    const { chunks } = run('hunyuan-tool-calls.chunks.txt')
    const pieces = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? [])
    expect(pieces[0]).toEqual({
      index: 0,
      id: 'call_cp2ms0ec8cpo3dfrqqp0',
      type: 'function',
      function: { name: 'get_current_weather', arguments: '' },
    })
    expect(pieces.every((piece) => piece.index === 0)).toBe(true)
    expect(pieces.map((piece) => piece.function?.arguments ?? '').join('')).toBe('{"location": "北京"}')
    expect(pieces.filter((piece) => piece.function?.name).length).toBe(1)
    expect(chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0]?.finish_reason).toBe('tool_calls')
  })

  it('gives a second call with another Id the next index', () => {
    const stream = new HunyuanToOpenAIStream({ clientModel: 'm', created: 1, includeUsage: false })
    const call = (id: string, name: string) =>
      JSON.stringify({
        Choices: [
          {
            Delta: { ToolCalls: [{ Id: id, Type: 'function', Function: { Name: name, Arguments: '{}' } }] },
            FinishReason: '',
          },
        ],
      })
    const chunks = chunksOf([...stream.push(call('a', 'f')), ...stream.push(call('b', 'g'))])
    expect(
      chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []).map((piece) => [piece.index, piece.id])
    ).toEqual([
      [0, 'a'],
      [1, 'b'],
    ])
  })

  it('turns an error inside the stream into an OpenAI error frame and ends without a finish chunk', () => {
    const { stream, frames, chunks } = run('hunyuan-error.chunks.txt')
    expect(chunks.map((chunk) => chunk.choices?.[0]?.delta.content ?? '').join('')).toBe('你好')
    expect(chunks.at(-1)?.error).toMatchObject({ message: '请求模型超时', code: '4001' })
    expect(stream.error).toEqual({ type: '4001', message: '请求模型超时' })
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
    expect(chunks.some((chunk) => chunk.choices?.[0]?.finish_reason)).toBe(false)
  })

  it('skips a malformed line and keeps going', () => {
    const stream = new HunyuanToOpenAIStream({ clientModel: 'm', created: 1, includeUsage: false })
    const [first, ...rest] = payloads('hunyuan-text.chunks.txt')
    const frames = [
      ...stream.push(first ?? ''),
      ...stream.push('{"Choices": [oops'),
      ...rest.flatMap((payload) => stream.push(payload)),
      ...stream.finish(),
    ]
    expect(stream.malformed).toBe(1)
    expect(
      chunksOf(frames)
        .map((chunk) => chunk.choices[0]?.delta.content ?? '')
        .join('')
    ).toBe('你好！有什么可以帮你？')
  })
})

describe('Tencent adapter', () => {
  const channel = { key: '1300000000|AKIDexampleSecretId0001|exampleSecretKey', baseUrl: '', other: '' } as RelayChannel

  it('reads the AppId|SecretId|SecretKey key (and SecretId|SecretKey), and refuses other shapes', () => {
    expect(parseTencentKey(channel.key)).toEqual({ secretId: 'AKIDexampleSecretId0001', secretKey: 'exampleSecretKey' })
    expect(parseTencentKey(' AKIDx | skey ')).toEqual({ secretId: 'AKIDx', secretKey: 'skey' })
    expect(parseTencentKey('sk-single-key')).toBeUndefined()
    expect(parseTencentKey('a|b|c|d')).toBeUndefined()
    expect(() => tencentAdapter.buildUrl({ ...channel, key: 'broken' }, 'chat', 'm', false)).toThrow()
  })

  it('posts to / of the API host, or of the base URL', () => {
    expect(tencentAdapter.buildUrl(channel, 'chat', 'hunyuan-lite', false).href).toBe(
      'https://hunyuan.tencentcloudapi.com/'
    )
    expect(
      tencentAdapter.buildUrl({ ...channel, baseUrl: 'http://127.0.0.1:9000/' }, 'chat', 'hunyuan-lite', true).href
    ).toBe('http://127.0.0.1:9000/')
  })

  it('signs with TC3 over the exact body and timestamp, with the action headers, and the region when set', () => {
    const url = new URL('https://hunyuan.tencentcloudapi.com/')
    const body = '{"Model":"hunyuan-lite","Messages":[{"Role":"user","Content":"hi"}],"Stream":false}'
    const now = new Date('2024-05-16T09:30:00Z')
    const headers = tencentAdapter.signRequest?.({ url, body }, channel, now) ?? {}
    const expected = signTc3(
      {
        host: 'hunyuan.tencentcloudapi.com',
        path: '/',
        query: '',
        contentType: 'application/json',
        body,
        service: 'hunyuan',
        timestamp: 1715851800,
      },
      { secretId: 'AKIDexampleSecretId0001', secretKey: 'exampleSecretKey' }
    )
    expect(headers).toEqual({
      'content-type': 'application/json',
      authorization: expected.authorization,
      'x-tc-action': 'ChatCompletions',
      'x-tc-version': '2023-09-01',
      'x-tc-timestamp': '1715851800',
    })
    expect(headers.authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDexampleSecretId0001\/2024-05-16\/hunyuan\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/
    )
    expect(tencentAdapter.signRequest?.({ url, body }, { ...channel, other: 'ap-guangzhou' }, now)['x-tc-region']).toBe(
      'ap-guangzhou'
    )
  })
})
