import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, settle } from '../../test/relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../test/scripted-upstream.ts'
import { nowSeconds } from '../lib/time.ts'
import { REQUEST_ID_HEADER } from '../middleware/request-context.ts'

let h: Harness
let root: TestUser
let upstream: ScriptedUpstream

const answer = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
}

beforeEach(async () => {
  h = await createHarness()
  root = await h.setupRoot()
  upstream = await startScriptedUpstream()
})
afterEach(async () => {
  await upstream.stop()
  await h.close()
})

const chat = (key: string) =>
  h.request('POST', '/v1/chat/completions', {
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
    headers: { authorization: `Bearer ${key}` },
  })

describe('request ids in the usage rows', () => {
  it('write ours and the upstream one into the consume row, and the log lists filter by either', async () => {
    upstream.answer = () => ({ json: answer, headers: { 'x-request-id': 'req_upstream_42' } })
    const user = await h.createUser(1, { quota: 1_000_000 })
    const { key } = await addToken(h, user.id)
    await addChannel(h, { baseUrl: upstream.url })
    const first = await chat(key)
    expect(first.status).toBe(200)
    upstream.answer = () => ({ json: answer })
    const second = await chat(key)
    expect(second.status).toBe(200)
    await settle(h)

    const ours = first.headers.get(REQUEST_ID_HEADER)
    expect(ours).toMatch(/^\d{14}/)
    const rows = await consumeLogs(h)
    expect(rows.map((r) => [r.request_id, r.upstream_request_id])).toEqual([
      [ours, 'req_upstream_42'],
      [second.headers.get(REQUEST_ID_HEADER), ''],
    ])

    const byOurs = await h.request('GET', `/api/log/?request_id=${ours}`, { as: root })
    expect(
      byOurs.json?.data.items.map((l: { request_id: string; upstream_request_id: string }) => [
        l.request_id,
        l.upstream_request_id,
      ])
    ).toEqual([[ours, 'req_upstream_42']])
    const byUpstream = await h.request('GET', '/api/log/self?upstream_request_id=req_upstream_42', { as: user })
    expect(byUpstream.json?.data.items).toHaveLength(1)
    expect(byUpstream.json?.data.items[0].request_id).toBe(ours)
    // Exact match, as the reference filters: a part of an id finds nothing.
    const partial = await h.request('GET', `/api/log/?request_id=${String(ours).slice(0, 10)}`, { as: root })
    expect(partial.json?.data.items).toEqual([])
  })

  it('take Anthropic’s request-id header, and the served channel’s after a retry', async () => {
    const failing = await startScriptedUpstream()
    try {
      failing.answer = () => ({
        status: 500,
        json: { error: { message: 'down' } },
        headers: { 'x-request-id': 'req_failed' },
      })
      upstream.answer = () => ({ json: answer, headers: { 'request-id': 'req_011CServed' } })
      await h.request('PUT', '/api/option/', { as: root, body: { key: 'RetryTimes', value: '1' } })
      const user = await h.createUser(1, { quota: 1_000_000 })
      const { key } = await addToken(h, user.id)
      await addChannel(h, { baseUrl: failing.url, priority: 10, autoBan: false })
      await addChannel(h, { baseUrl: upstream.url, priority: 0 })
      const response = await chat(key)
      expect(response.status).toBe(200)
      await settle(h)
      const [row] = await consumeLogs(h)
      expect(row?.upstream_request_id).toBe('req_011CServed')
      expect(row?.request_id).toBe(response.headers.get(REQUEST_ID_HEADER))
    } finally {
      await failing.stop()
    }
  })

  it('name the request in the row the sweeper writes for an interrupted one', async () => {
    const user = await h.createUser(1, { quota: 1_000 })
    const db = h.services.db
    const old = nowSeconds() - 3600
    await db.insertInto('ledger_instances').values({ id: 'gone', started_at: old, heartbeat_at: old }).execute()
    await db
      .insertInto('quota_holds')
      .values({
        id: 'gone-1',
        owner: 'gone',
        user_id: user.id,
        amount: 50,
        created_at: old,
        username: user.username,
        model_name: 'gpt-4o',
        group: 'default',
        request_id: '20260101000000abcdef0001',
      })
      .execute()
    await h.services.relay.sweeper.tick()
    const rows = await consumeLogs(h)
    expect(rows.map((r) => [r.request_id, Number(r.quota)])).toEqual([['20260101000000abcdef0001', 0]])
  })

  it('keep the hold’s request id from the reservation', async () => {
    upstream.answer = () => ({ json: answer })
    const user = await h.createUser(1, { quota: 1_000_000 })
    const { hold } = await h.services.relay.ledger.reserve({ userId: user.id, tokenUnlimited: true }, 10, {
      username: user.username,
      tokenName: 't',
      model: 'm',
      group: 'default',
      requestId: 'rid-1',
    })
    const row = await h.services.db
      .selectFrom('quota_holds')
      .select('request_id')
      .where('id', '=', String(hold?.id))
      .executeTakeFirstOrThrow()
    expect(row.request_id).toBe('rid-1')
    if (hold) await h.services.relay.ledger.release(hold)
  })
})

describe('request ids with logs in another database', () => {
  it('carry both ids through the outbox written in the settlement', async () => {
    await upstream.stop()
    await h.close()
    h = await createHarness({ env: { LOG_SQL_DSN: 'local' } })
    root = await h.setupRoot()
    upstream = await startScriptedUpstream()
    upstream.answer = () => ({ json: answer, headers: { 'x-request-id': 'req_elsewhere' } })
    const user = await h.createUser(1, { quota: 1_000_000 })
    const { key } = await addToken(h, user.id)
    await addChannel(h, { baseUrl: upstream.url })
    const response = await chat(key)
    expect(response.status).toBe(200)
    await settle(h)
    const [queued] = await h.services.db.selectFrom('log_outbox').select('payload').execute()
    expect(JSON.parse(String(queued?.payload))).toMatchObject({
      request_id: response.headers.get(REQUEST_ID_HEADER),
      upstream_request_id: 'req_elsewhere',
    })
    await h.services.relay.sweeper.tick()
    const rows = await consumeLogs(h)
    expect(rows.map((r) => [r.request_id, r.upstream_request_id])).toEqual([
      [response.headers.get(REQUEST_ID_HEADER), 'req_elsewhere'],
    ])
  })
})
