import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, quotaOf, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'

/**
 * A non-stream answer of a channel that speaks the client's protocol is read for its usage and
 * goes to the client as it came; what is not valid JSON is refused and costs nothing.
 */
let h: Harness
let upstream: ScriptedUpstream
let key: string
let userId: number

beforeEach(async () => {
  h = await createHarness()
  await h.setupRoot()
  upstream = await startScriptedUpstream()
  const user = await h.createUser(1, { quota: 10_000_000 })
  userId = user.id
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

  it('is refused and not billed when it is not valid JSON, even with a well-formed usage inside', async () => {
    const usage = '"usage":{"prompt_tokens":10,"completion_tokens":2}'
    for (const raw of [
      `{"id":"c1",${usage}`,
      // brackets that balance around text JSON.parse refuses
      `{${usage} "id":"c1"}`,
      `{${usage},"done":tru}`,
      `{${usage},"n":01}`,
      `{${usage},"text":"a\\qb"}`,
      `{${usage},}`,
      'null',
      '42',
    ]) {
      upstream.answer = () => ({ raw: Buffer.from(raw), contentType: 'application/json' })
      const response = await chat()
      expect(response.status, raw).toBe(502)
      expect(response.json, raw).toHaveProperty('error.code', 'bad_response')
    }
    await settle(h)
    expect(await consumeLogs(h)).toEqual([])
    expect(await quotaOf(h, userId)).toBe(10_000_000)
  })

  it('is billed by the last usage when a key repeats, as JSON.parse reads it', async () => {
    const raw =
      '{"usage":{"prompt_tokens":99,"completion_tokens":99},"id":"c1","model":"gpt-4o-mini","choices":[],' +
      '"usage":{"prompt_tokens":7,"completion_tokens":1}}'
    upstream.answer = () => ({ raw: Buffer.from(raw), contentType: 'application/json' })
    const response = await chat()
    expect(response.text).toBe(raw)
    await settle(h)
    const [row] = await consumeLogs(h)
    expect([row?.prompt_tokens, row?.completion_tokens]).toEqual([7, 1])
  })
})
