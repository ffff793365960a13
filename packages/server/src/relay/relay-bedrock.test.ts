import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, listen, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { encodeEventStreamMessage } from '../providers/bedrock/aws-event-stream.ts'

/**
 * Issue 7: AWS Bedrock Claude channels. Requests are signed with SigV4 from the compound key,
 * the body is Anthropic's with Bedrock's anthropic_version, and streams come back in AWS's binary
 * event-stream framing, each event wrapping one Anthropic event in base64.
 */
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../providers/anthropic/__fixtures__', name), 'utf8')
const MODEL = 'claude-3-5-sonnet-20241022'

/** An Anthropic SSE fixture as Bedrock sends it: one event-stream message per event. */
function asEventStream(sse: string, exception?: { type: string; message: string }): Buffer {
  const payloads = sse
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
  const messages = payloads.map((payload) =>
    encodeEventStreamMessage(
      { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
      JSON.stringify({ bytes: Buffer.from(payload).toString('base64') })
    )
  )
  if (exception)
    messages.push(
      encodeEventStreamMessage(
        { ':exception-type': exception.type, ':content-type': 'application/json', ':message-type': 'exception' },
        JSON.stringify({ message: exception.message })
      )
    )
  return Buffer.concat(messages)
}

let h: Harness
let aws: ScriptedUpstream
let server: { url: string; close: () => Promise<void> }
let openai: OpenAI
let anthropic: Anthropic

beforeAll(async () => {
  aws = await startScriptedUpstream()
  h = await createHarness()
  await h.setupRoot()
  const user = await h.createUser(1, { quota: 50_000_000 })
  await addChannel(h, {
    name: 'bedrock',
    type: 33,
    baseUrl: aws.url,
    models: MODEL,
    key: 'AKIDEXAMPLE|wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY|us-west-2',
  })
  const { key } = await addToken(h, user.id)
  server = await listen(h)
  openai = new OpenAI({ apiKey: key, baseURL: `${server.url}/v1`, maxRetries: 0 })
  anthropic = new Anthropic({ apiKey: key, baseURL: server.url, maxRetries: 0 })
})
afterAll(async () => {
  await server.close()
  await h.close()
  await aws.stop()
})
beforeEach(() => {
  aws.seen.length = 0
})

describe('AWS Bedrock Claude channels', () => {
  it('sign the invoke call with SigV4 and send Bedrock’s body', async () => {
    aws.answer = () => ({ json: JSON.parse(fixture('anthropic-tool-use.json')) })
    const answer = await openai.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Weather?' }],
      max_tokens: 50,
    })
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls')
    const seen = aws.seen[0]
    expect(seen?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke')
    expect(seen?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=[0-9a-f]{64}$/
    )
    expect(seen?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/)
    expect(seen?.body).toMatchObject({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 50,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }],
    })
    expect(seen?.body.model).toBeUndefined()
    expect(seen?.body.stream).toBeUndefined()
  })

  it('decode the event-stream framing into an OpenAI stream, billed from its usage', async () => {
    aws.answer = () => ({
      raw: asEventStream(fixture('anthropic-text.chunks.txt')),
      contentType: 'application/vnd.amazon.eventstream',
    })
    const stream = await openai.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    })
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
    expect(aws.seen[0]?.path).toBe('/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke-with-response-stream')
    expect(text).toBe('Hello!')
    await settle(h)
    expect((await consumeLogs(h)).at(-1)).toMatchObject({
      model_name: MODEL,
      prompt_tokens: 135,
      completion_tokens: 15,
    })
  })

  it('serve Claude clients as Anthropic events, and end a stream broken by an exception with an error event', async () => {
    aws.answer = () => ({
      raw: asEventStream(fixture('anthropic-tool-use.chunks.txt')),
      contentType: 'application/vnd.amazon.eventstream',
    })
    const final = await anthropic.messages
      .stream({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'Weather?' }] })
      .finalMessage()
    expect(final.content.map((block) => block.type)).toEqual(['text', 'tool_use'])
    expect(final.usage.output_tokens).toBe(89)

    const sse = fixture('anthropic-text.chunks.txt')
    aws.answer = () => ({
      raw: asEventStream(sse.slice(0, sse.indexOf('event: content_block_stop')), {
        type: 'throttlingException',
        message: 'Too many tokens, please wait.',
      }),
      contentType: 'application/vnd.amazon.eventstream',
    })
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }], stream: true }),
    })
    const body = await response.text()
    expect(body).toContain('"content":"Hello"')
    expect(body).toContain('Too many tokens, please wait.')
  })
})
