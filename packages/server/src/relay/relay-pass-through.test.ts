import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * A non-stream answer of a channel that speaks the client's protocol is read for its usage alone
 * and goes to the client as it came; what is not one whole JSON object is still refused.
 */
let h: Harness
let upstream: ScriptedUpstream
let key: string

beforeEach(async () => {
  h = await createHarness()
  await h.setupRoot()
  upstream = await startScriptedUpstream()
  const user = await h.createUser(1, { quota: 10_000_000 })
  key = (await addToken(h, user.id)).key
  await addChannel(h, { baseUrl: upstream.url })
})
afterEach(async () => {
  await upstream.stop()
  await h.close()
})

const chat = () =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
    headers: { authorization: `Bearer ${key}` },
  })

describe('a non-stream answer passed through', () => {
  it('reaches the client byte for byte, billed by its top-level usage (not one inside its text)', async () => {
    const raw =
      '{ "usage" : {"prompt_tokens": 10, "completion_tokens": 2},\n "id":"c1","model":"gpt-4o-mini",' +
      '"choices":[{"index":0,"message":{"role":"assistant","content":"\\"usage\\":{\\"prompt_tokens\\":999}"},"finish_reason":"stop"}]}\n'
    upstream.answer = () => ({ raw: Buffer.from(raw), contentType: 'application/json' })
    const response = await chat()
    expect(response.status).toBe(200)
    expect(response.text).toBe(raw)
    await settle(h)
    const [row] = await consumeLogs(h)
    expect([row?.prompt_tokens, row?.completion_tokens]).toEqual([10, 2])
  })

  it('is refused when it is not one whole JSON object, usage or not', async () => {
    upstream.answer = () => ({
      raw: Buffer.from('{"id":"c1","usage":{"prompt_tokens":10,"completion_tokens":2}'),
      contentType: 'application/json',
    })
    const response = await chat()
    expect(response.status).toBe(502)
    expect(response.json).toHaveProperty('error.code', 'bad_response')
  })
})
