import { describe, expect, it } from 'vitest'
import { dataFrames, fixtureReader } from '../../../test/sse-fixtures.ts'
import type { OpenAIChatChunk } from '../openai-chat-api.ts'
import { convertDifyResponse, readDifyFailure } from './convert-dify-response.ts'
import { convertToDifyRequest, INLINE_IMAGE_NOTE } from './convert-to-dify-request.ts'
import { difyAdapter } from './dify-adapter.ts'
import type { DifyChatResponse } from './dify-api.ts'
import { DifyToOpenAIStream } from './dify-stream-to-openai.ts'

const { fixture, payloads } = fixtureReader(import.meta.dirname)

const chunks = (frames: string[]) => dataFrames<OpenAIChatChunk & { error?: { message: string; code: string } }>(frames)
const contentOf = (list: OpenAIChatChunk[]) => list.map((chunk) => chunk.choices?.[0]?.delta.content ?? '').join('')

function translate(name: string, includeUsage = true) {
  const stream = new DifyToOpenAIStream({ clientModel: 'dify-app', created: 7, includeUsage, requestId: 'req1' })
  const frames = payloads(name).flatMap((payload) => stream.push(payload))
  frames.push(...stream.finish())
  return { stream, frames, list: chunks(frames) }
}

describe('OpenAI chat request to Dify', () => {
  it('sends a lone user message as the query as it is, blocking, with the gateway as the user', () => {
    expect(
      convertToDifyRequest({
        model: 'm',
        messages: [{ role: 'user', content: 'What are the specs of the iPhone 13 Pro Max?' }],
      })
    ).toEqual({
      inputs: {},
      query: 'What are the specs of the iPhone 13 Pro Max?',
      response_mode: 'blocking',
      user: 'gateway',
      auto_generate_name: false,
    })
  })

  it('flattens system text and earlier turns into role-labelled blocks ending with the last user message', () => {
    const out = convertToDifyRequest({
      model: 'm',
      stream: true,
      user: 'alice-42',
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'developer', content: [{ type: 'text', text: 'Answer in English.' }] },
        { role: 'user', content: 'My name is Ann.' },
        { role: 'assistant', content: 'Hello Ann!' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{"q":"ann"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'found' },
        { role: 'assistant', content: '' },
        { role: 'user', content: [{ type: 'text', text: 'What is my name?' }] },
      ],
    })
    expect(out).toEqual({
      inputs: {},
      query:
        'system: Be brief.\n\nsystem: Answer in English.\n\nuser: My name is Ann.\n\nassistant: Hello Ann!\n\nassistant: [tool call lookup({"q":"ann"})]\n\ntool: found\n\nuser: What is my name?',
      response_mode: 'streaming',
      user: 'alice-42',
      auto_generate_name: false,
    })
  })

  it('flattens a lone user message once a system message comes with it', () => {
    const out = convertToDifyRequest({
      model: 'm',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
    })
    expect(out.query).toBe('system: Be brief.\n\nuser: Hi')
  })

  it('sends image URLs as Dify files and leaves inline images out with a note in the query', () => {
    const out = convertToDifyRequest({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: 'https://cloud.dify.ai/logo/logo-site.png' } },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
            { type: 'input_audio', input_audio: { data: 'x', format: 'wav' } },
          ],
        },
      ],
    })
    expect(out.query).toBe(`What is in these?\n${INLINE_IMAGE_NOTE}`)
    expect(out.files).toEqual([
      { type: 'image', transfer_method: 'remote_url', url: 'https://cloud.dify.ai/logo/logo-site.png' },
    ])
    expect(JSON.stringify(out)).not.toContain('AAAA')
  })

  it('ignores a blank user field', () => {
    expect(convertToDifyRequest({ model: 'm', user: '  ', messages: [{ role: 'user', content: 'x' }] }).user).toBe(
      'gateway'
    )
  })
})

describe('Dify adapter', () => {
  const channel = (baseUrl: string) => ({ baseUrl, key: 'app-secret' }) as Parameters<typeof difyAdapter.buildUrl>[0]
  it('posts to {base}/v1/chat-messages whether or not the base ends with /v1, with the app key as bearer', () => {
    expect(difyAdapter.buildUrl(channel('https://dify.example.com/'), 'chat', 'm', false).href).toBe(
      'https://dify.example.com/v1/chat-messages'
    )
    expect(difyAdapter.buildUrl(channel('https://dify.example.com/v1'), 'chat', 'm', true).href).toBe(
      'https://dify.example.com/v1/chat-messages'
    )
    expect(difyAdapter.buildUrl(channel(''), 'chat', 'm', true).href).toBe('https://api.dify.ai/v1/chat-messages')
    expect(difyAdapter.buildHeaders(channel(''), 'chat')).toEqual({ authorization: 'Bearer app-secret' })
  })
})

describe('Dify blocking answers to OpenAI', () => {
  it('the answer as the message, usage from metadata.usage', () => {
    const { body, usage } = convertDifyResponse(
      JSON.parse(fixture('dify-chat.json')) as DifyChatResponse,
      'dify-app',
      9,
      'req1'
    )
    expect(body).toEqual({
      id: 'chatcmpl-9da23599-e713-473b-982c-4328d4f5c78a',
      object: 'chat.completion',
      created: 9,
      model: 'dify-app',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'iPhone 13 Pro Max specs are listed here:...' },
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: 1033,
        completion_tokens: 128,
        total_tokens: 1161,
        prompt_tokens_details: { cached_tokens: 0 },
      },
    })
    expect(usage).toEqual({ promptTokens: 1033, completionTokens: 128, cachedTokens: 0 })
  })

  it('no usage when Dify sends none, so the relay counts the text', () => {
    const { usage, body } = convertDifyResponse({ event: 'message', answer: 'ok' }, 'm', 1, 'req1')
    expect(usage).toBeUndefined()
    expect(body.id).toBe('chatcmpl-req1')
  })

  it('tells an error body answered with status 200 from an answer, keeping Dify’s status, code and message', () => {
    expect(readDifyFailure(JSON.parse(fixture('dify-chat.json')))).toBeUndefined()
    expect(
      readDifyFailure({
        status: 400,
        code: 'app_unavailable',
        message: 'App unavailable, please check your app configurations.',
      })
    ).toEqual({
      status: 400,
      code: 'app_unavailable',
      message: 'App unavailable, please check your app configurations.',
    })
    expect(readDifyFailure({ status: 200, message: 'odd' })).toEqual({
      status: 502,
      code: 'bad_response',
      message: 'odd',
    })
    expect(readDifyFailure([])).toEqual({ status: 502, code: 'bad_response', message: undefined })
    expect(readDifyFailure(null)).toEqual({ status: 502, code: 'bad_response', message: undefined })
  })
})

describe('Dify streams to OpenAI', () => {
  it('basic assistant: the answer pieces, stop, usage from message_end; pings and TTS are skipped', () => {
    const { stream, frames, list } = translate('dify-chat.chunks.txt')
    expect(list[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: '' })
    expect(contentOf(list)).toBe(" I'm glad to meet you")
    expect(
      list.every(
        (chunk) =>
          chunk.id === 'chatcmpl-5ad4cb98-f0c7-4085-b384-88c403be6290' &&
          chunk.model === 'dify-app' &&
          chunk.created === 7
      )
    ).toBe(true)
    expect(list.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(list.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 1033, completion_tokens: 135, total_tokens: 1168 },
    })
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
    expect(stream.usage).toEqual({ promptTokens: 1033, completionTokens: 135, cachedTokens: 0 })
    expect(stream.text).toBe(" I'm glad to meet you")
    expect(stream.finish()).toEqual([])
  })

  it('leaves the usage chunk out unless the client asked for it', () => {
    const { list } = translate('dify-chat.chunks.txt', false)
    expect(list.some((chunk) => chunk.usage)).toBe(false)
    expect(list.at(-1)?.choices[0]?.finish_reason).toBe('stop')
  })

  it('agent: agent_message pieces and the tool’s image, without the agent thoughts repeating the answer', () => {
    const { list, stream } = translate('dify-agent.chunks.txt')
    expect(contentOf(list)).toBe(
      '\n![image](https://upload.dify.ai/files/tools/d75b7a5c-ce5e-442e-ab1b-d6a5e5b557b0.png?timestamp=1705639526&nonce=70423256c60da73a9c96d1385ff78487&sign=7B5fKV9890YJuqchQvrABvW4AIupDvDvxGdu1EOJT94=)\nI have created an image of a cute Japanese anime girl with white hair.'
    )
    expect(stream.usage).toEqual({ promptTokens: 2181, completionTokens: 43, cachedTokens: 0 })
  })

  it('chatflow: workflow and node events are skipped, their outputs not repeated', () => {
    const { list, stream } = translate('dify-chatflow.chunks.txt')
    expect(contentOf(list)).toBe('Hi there')
    expect(stream.usage).toEqual({ promptTokens: 42, completionTokens: 2, cachedTokens: 0 })
  })

  it('message_replace: the replacement is sent and the answer ends as content_filter', () => {
    const { list, stream } = translate('dify-replace.chunks.txt')
    expect(contentOf(list)).toBe('Here is how to pickSorry, I cannot help with that.')
    expect(list.at(-2)?.choices[0]?.finish_reason).toBe('content_filter')
    expect(stream.usage?.completionTokens).toBe(9)
  })

  it('an error event ends the stream with an OpenAI error frame and no finish chunk', () => {
    const { list, stream, frames } = translate('dify-error.chunks.txt')
    expect(contentOf(list)).toBe('Partial')
    expect(list.at(-1)?.error).toEqual({
      message: 'Your quota for Dify Hosted Model Provider has been exhausted.',
      type: 'upstream_error',
      param: '',
      code: 'provider_quota_exceeded',
    })
    expect(list.some((chunk) => chunk.choices?.[0]?.finish_reason)).toBe(false)
    expect(frames.at(-1)).toBe('data: [DONE]\n\n')
    expect(stream.error?.type).toBe('provider_quota_exceeded')
  })

  it('hides keys and addresses an error event might carry', () => {
    const stream = new DifyToOpenAIStream({ clientModel: 'm', created: 1, includeUsage: false, requestId: 'r' })
    const [frame] = stream.push(
      JSON.stringify({
        event: 'error',
        status: 500,
        code: 'completion_request_error',
        message: '[openai] Incorrect API key provided: sk-abcdefghijklmnop at https://internal.example/v1',
      })
    )
    expect(frame).not.toContain('sk-abcdefghijklmnop')
    expect(frame).not.toContain('internal.example')
  })

  it('skips and counts a malformed payload, keeping the rest', () => {
    const { list, stream } = translate('dify-malformed.chunks.txt')
    expect(stream.malformed).toBe(1)
    expect(contentOf(list)).toBe('Half done')
    expect(stream.usage?.promptTokens).toBe(8)
  })

  it('an empty answer still opens and closes the OpenAI stream', () => {
    const stream = new DifyToOpenAIStream({ clientModel: 'm', created: 1, includeUsage: false, requestId: 'r' })
    const list = chunks([...stream.push('{"event":"ping"}'), ...stream.push('null'), ...stream.finish()])
    expect(list.map((chunk) => chunk.choices[0]?.delta)).toEqual([{ role: 'assistant', content: '' }, {}])
    expect(list.at(-1)?.choices[0]?.finish_reason).toBe('stop')
    expect(stream.malformed).toBe(1)
  })
})
