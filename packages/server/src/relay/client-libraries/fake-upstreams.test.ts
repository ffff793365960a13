import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANTHROPIC_KEY, startAnthropicUpstream } from '../../../test/fake-upstreams/anthropic-upstream.ts'
import type { FakeServer } from '../../../test/fake-upstreams/fake-server.ts'
import { GEMINI_KEY, startGeminiUpstream } from '../../../test/fake-upstreams/gemini-upstream.ts'
import { OPENAI_KEY, startOpenAIUpstream } from '../../../test/fake-upstreams/openai-upstream.ts'

/**
 * The fake upstreams the client-library tests run against refuse what the real APIs refuse: a
 * conversion that passes through them is one the providers would accept. These pin that strictness.
 */
let openai: FakeServer
let anthropic: FakeServer
let gemini: FakeServer

beforeAll(async () => {
  ;[openai, anthropic, gemini] = await Promise.all([
    startOpenAIUpstream(),
    startAnthropicUpstream(),
    startGeminiUpstream(),
  ])
})
afterAll(async () => {
  await Promise.all([openai.stop(), anthropic.stop(), gemini.stop()])
})

const post = async (url: string, body: unknown, headers: Record<string, string>) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, text: await response.text() }
}

describe('the OpenAI fake', () => {
  const chat = (body: unknown, key = OPENAI_KEY) =>
    post(`${openai.url}/v1/chat/completions`, body, { authorization: `Bearer ${key}` })
  const user = { role: 'user', content: 'Hi' }

  it('refuses a wrong key with 401 invalid_api_key', async () => {
    const answer = await chat({ model: 'm', messages: [user] }, 'sk-wrong')
    expect([answer.status, JSON.parse(answer.text).error.code]).toEqual([401, 'invalid_api_key'])
  })

  it.each([
    [
      'a tool message with no assistant tool call before it',
      { model: 'm', messages: [user, { role: 'tool', tool_call_id: 'call_1', content: 'x' }] },
    ],
    ['an unknown role', { model: 'm', messages: [{ role: 'model', content: 'x' }] }],
    [
      'upper-case schema types',
      {
        model: 'm',
        messages: [user],
        tools: [
          {
            type: 'function',
            function: { name: 'f', parameters: { type: 'OBJECT', properties: { a: { type: 'STRING' } } } },
          },
        ],
      },
    ],
  ])('refuses %s with 400 invalid_request_error', async (_, body) => {
    const answer = await chat(body)
    expect([answer.status, JSON.parse(answer.text).error.type]).toEqual([400, 'invalid_request_error'])
  })

  it('streams the usage chunk after the finish chunk, then [DONE], only when asked', async () => {
    const withUsage = await chat({
      model: 'm',
      messages: [user],
      stream: true,
      stream_options: { include_usage: true },
    })
    const payloads = withUsage.text.split('\n\n').filter(Boolean)
    expect(payloads.at(-1)).toBe('data: [DONE]')
    expect(JSON.parse((payloads.at(-2) as string).slice(6))).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 11, completion_tokens: 7 },
    })
    const without = await chat({ model: 'm', messages: [user], stream: true })
    expect(without.text).not.toContain('"usage"')
  })
})

describe('the Anthropic fake', () => {
  const messages = (
    body: unknown,
    headers: Record<string, string> = { 'x-api-key': ANTHROPIC_KEY, 'anthropic-version': '2023-06-01' }
  ) => post(`${anthropic.url}/v1/messages`, body, headers)
  const user = { role: 'user', content: 'Hi' }

  it('refuses a missing key with 401 and a missing anthropic-version with 400', async () => {
    expect(
      (await messages({ model: 'm', max_tokens: 10, messages: [user] }, { 'anthropic-version': '2023-06-01' })).status
    ).toBe(401)
    expect(
      (await messages({ model: 'm', max_tokens: 10, messages: [user] }, { 'x-api-key': ANTHROPIC_KEY })).status
    ).toBe(400)
  })

  it.each([
    ['no max_tokens', { model: 'm', messages: [user] }],
    [
      'a first turn that is not the user’s',
      { model: 'm', max_tokens: 10, messages: [{ role: 'assistant', content: 'x' }, user] },
    ],
    ['turns that do not alternate', { model: 'm', max_tokens: 10, messages: [user, user] }],
    ['a system role in messages', { model: 'm', max_tokens: 10, messages: [{ role: 'system', content: 'x' }, user] }],
    [
      'a tool_result whose tool_use is not in the previous turn',
      {
        model: 'm',
        max_tokens: 10,
        messages: [
          user,
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] },
        ],
      },
    ],
  ])('refuses %s with 400 invalid_request_error', async (_, body) => {
    const answer = await messages(body)
    expect([answer.status, JSON.parse(answer.text)]).toEqual([
      400,
      { type: 'error', error: { type: 'invalid_request_error', message: expect.any(String) } },
    ])
  })

  it('streams the event sequence of the Messages API', async () => {
    const answer = await messages({ model: 'm', max_tokens: 10, messages: [user], stream: true })
    const events = answer.text
      .split('\n')
      .filter((line) => line.startsWith('event: '))
      .map((line) => line.slice(7))
    expect(events).toEqual([
      'message_start',
      'content_block_start',
      ...Array(5).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ])
  })
})

describe('the Gemini fake', () => {
  const generate = (body: unknown, key = GEMINI_KEY) =>
    post(`${gemini.url}/v1beta/models/m:generateContent`, body, { 'x-goog-api-key': key })
  const user = { role: 'user', parts: [{ text: 'Hi' }] }

  it('refuses a wrong key with 400 INVALID_ARGUMENT (API_KEY_INVALID), and takes ?key= too', async () => {
    const answer = await generate({ contents: [user] }, 'AIza-wrong')
    expect([answer.status, JSON.parse(answer.text).error.status]).toEqual([400, 'INVALID_ARGUMENT'])
    expect(
      (await post(`${gemini.url}/v1beta/models/m:generateContent?key=${GEMINI_KEY}`, { contents: [user] }, {})).status
    ).toBe(200)
  })

  it.each([
    ['a role other than user/model', { contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] }],
    [
      'a functionResponse with no functionCall before it',
      {
        contents: [
          user,
          { role: 'model', parts: [{ text: 'ok' }] },
          { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] },
        ],
      },
    ],
  ])('refuses %s with 400 INVALID_ARGUMENT', async (_, body) => {
    const answer = await generate(body)
    expect([answer.status, JSON.parse(answer.text).error.status]).toEqual([400, 'INVALID_ARGUMENT'])
  })
})
