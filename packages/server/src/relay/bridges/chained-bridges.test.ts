import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RelayRequest } from '../parse-request.ts'
import type { StreamContext } from '../protocol-bridge.ts'
import { geminiOverAnthropic, messagesOverGemini, responsesOverGemini } from './chained-bridges.ts'

/** The bridges chained through chat completions, on recorded Gemini and Anthropic answers. */
const providers = join(import.meta.dirname, '../../providers')
const fixture = (provider: string, name: string) => readFileSync(join(providers, provider, '__fixtures__', name), 'utf8')
const payloads = (sse: string) =>
  sse
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())

const request = (endpoint: RelayRequest['endpoint'], body: Record<string, unknown>, stream: boolean): RelayRequest => ({
  endpoint,
  body,
  model: 'm',
  stream,
  wantsUsageChunk: false,
  maxTokens: undefined,
  rawBody: JSON.stringify(body),
})
const context = (body: Record<string, unknown>): StreamContext => ({ clientModel: 'client-model', body, created: 1_700_000_000, requestId: 'req1', includeUsage: false })

describe('Anthropic Messages on a Gemini channel', () => {
  const body = { model: 'client-model', max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: 'Tell a story' }], stream: true }

  it('sends Gemini a generateContent body built from the chat request', () => {
    const sent = messagesOverGemini.buildBody(request('messages', body, true), 'gemini-2.0-flash')
    expect(messagesOverGemini.upstreamEndpoint).toBe('gemini')
    expect(sent).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'Tell a story' }] }], generationConfig: { maxOutputTokens: 100 } })
  })

  it('streams Anthropic events, the text and the usage from the Gemini chunks', () => {
    const translator = messagesOverGemini.createStream(context(body))
    const frames = [...payloads(fixture('gemini', 'gemini-text.chunks.txt')).flatMap((p) => translator.push(p)), ...translator.finish()].join('')
    const events = frames.split('\n').filter((line) => line.startsWith('event: ')).map((line) => line.slice(7))
    expect(events[0]).toBe('message_start')
    expect(events.at(-1)).toBe('message_stop')
    const text = payloads(frames)
      .map((p) => JSON.parse(p) as { type: string; delta?: { type?: string; text?: string } })
      .filter((e) => e.type === 'content_block_delta' && e.delta?.type === 'text_delta')
      .map((e) => e.delta?.text)
      .join('')
    expect(text).toBe('Once upon a time, a magic backpack.')
    expect(translator.usage).toMatchObject({ promptTokens: 11, completionTokens: 14 })
    expect(translator.text).toBe('Once upon a time, a magic backpack.')
  })

  it('converts a JSON answer into an Anthropic message', () => {
    const { body: out, usage } = messagesOverGemini.convertJson(JSON.parse(fixture('gemini', 'gemini-text.json')), context(body))
    const message = JSON.parse(out) as { type: string; role: string; content: { type: string; text?: string }[]; usage: Record<string, number> }
    // The recorded answer has a thought part first: it comes back as Anthropic thinking.
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Thinking about tides.' },
        { type: 'text', text: "The moon's gravity pulls the oceans." },
      ],
    })
    // Anthropic counts cache reads apart from input_tokens: 20 prompt tokens, 8 of them cached.
    expect(message.usage).toMatchObject({ input_tokens: 12, cache_read_input_tokens: 8, output_tokens: 14 })
    expect(usage).toMatchObject({ promptTokens: 20, completionTokens: 14 })
  })
})

describe('Gemini-native calls on an Anthropic channel', () => {
  const body = { contents: [{ role: 'user', parts: [{ text: 'Weather?' }] }] }

  it('asks Anthropic to stream when the client streams', () => {
    const sent = geminiOverAnthropic.buildBody(request('gemini', body, true), 'claude-3-haiku')
    expect(geminiOverAnthropic.upstreamEndpoint).toBe('messages')
    expect(sent).toMatchObject({ model: 'claude-3-haiku', stream: true, messages: [{ role: 'user' }] })
  })

  it('streams Gemini chunks with the function call and Anthropic’s usage', () => {
    const translator = geminiOverAnthropic.createStream(context(body))
    const frames = [...payloads(fixture('anthropic', 'anthropic-tool-use.chunks.txt')).flatMap((p) => translator.push(p)), ...translator.finish()].join('')
    const chunks = payloads(frames).map((p) => JSON.parse(p) as { candidates?: { content?: { parts?: { functionCall?: { name: string; args: unknown } }[] } }[] })
    const calls = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? []).flatMap((p) => (p.functionCall ? [p.functionCall] : []))
    expect(calls).toEqual([{ name: 'get_weather', args: { location: 'San Francisco, CA' } }])
    expect(translator.usage).toMatchObject({ promptTokens: 472, completionTokens: 89 })
  })
})

describe('Responses on a Gemini channel', () => {
  it('streams Responses events ending in response.completed with the Gemini usage', () => {
    const body = { model: 'client-model', input: 'Tell a story', stream: true }
    const translator = responsesOverGemini.createStream(context(body))
    const frames = [...payloads(fixture('gemini', 'gemini-text.chunks.txt')).flatMap((p) => translator.push(p)), ...translator.finish()].join('')
    const events = payloads(frames).map((p) => JSON.parse(p) as { type: string; response?: { usage?: { input_tokens: number; output_tokens: number } } })
    expect(events[0]?.type).toBe('response.created')
    const completed = events.find((e) => e.type === 'response.completed')
    expect(completed?.response?.usage).toMatchObject({ input_tokens: 11, output_tokens: 14 })
  })
})
