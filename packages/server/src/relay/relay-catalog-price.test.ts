import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startBudgetUpstream, type BudgetUpstream } from '../../test/budget-upstream.ts'
import { createHarness, type Harness, type TestUser } from '../../test/harness.ts'
import { addChannel, addToken, consumeLogs, settle, tokenRemainOf } from '../../test/relay-fixtures.ts'
import { openHolds } from '../db/queries/ledger.ts'

let h: Harness
let root: TestUser
let upstream: BudgetUpstream

beforeEach(async () => {
  h = await createHarness()
  root = await h.setupRoot()
  // 10 prompt tokens, 400 completion tokens unless max_tokens is lower.
  upstream = await startBudgetUpstream(400)
  await addChannel(h, { baseUrl: upstream.url, models: 'gpt-5,deepseek-chat' })
})
afterEach(async () => {
  await upstream.stop()
  await h.close()
})

const chat = (key: string, model = 'gpt-5') =>
  h.request('POST', '/v1/chat/completions', {
    body: { model, messages: [{ role: 'user', content: 'hi' }] },
    headers: { authorization: `Bearer ${key}` },
  })

const setOption = (key: string, value: unknown) =>
  h.request('PUT', '/api/option/', { as: root, body: { key, value: JSON.stringify(value) } })

describe('prices from the model catalog', () => {
  it('serves a model only the catalog prices, charging its input and output prices', async () => {
    // gpt-5 is not in the built-in table; the catalog lists $1.25 in, $10 out per 1M tokens.
    const user = await h.createUser(1, { quota: 10_000_000 })
    const { key } = await addToken(h, user.id)
    const response = await chat(key)
    expect(response.status).toBe(200)
    await settle(h)
    const [log] = await consumeLogs(h)
    // ratio 1.25 / 2 = 0.625, completion 10 / 1.25 = 8: (10 + 400 x 8) x 0.625
    expect(Number(log?.quota)).toBe(2006)
    expect(JSON.parse(String(log?.other))).toMatchObject({ model_ratio: 0.625, completion_ratio: 8 })
  })

  it("lets the root's entries win over the catalog", async () => {
    const user = await h.createUser(1, { quota: 10_000_000 })
    const { key } = await addToken(h, user.id)
    expect((await setOption('ModelRatio', { 'gpt-5': 1 })).status).toBe(200)
    expect((await chat(key)).status).toBe(200)
    await settle(h)
    // The root's ratio with the catalog's completion ratio, which the root did not set: (10 + 400 x 8) x 1
    expect(Number((await consumeLogs(h))[0]?.quota)).toBe(3210)
    expect((await setOption('CompletionRatio', { 'gpt-5': 2 })).status).toBe(200)
    expect((await chat(key)).status).toBe(200)
    await settle(h)
    expect(Number((await consumeLogs(h))[1]?.quota)).toBe(810)
  })

  it("reserves the model's output limit when the client sets no max_tokens", async () => {
    const user = await h.createUser(1, { quota: 10_000_000 })
    // Enough for the generic 16,384-token budget (16,384 x 8 x 0.625 = 81,920) but not for gpt-5's 128,000.
    const { key, id: tokenId } = await addToken(h, user.id, { unlimited: false, remainQuota: 100_000 })
    expect((await chat(key)).status).toBe(200)
    await settle(h)
    const [log] = await consumeLogs(h)
    const limit = upstream.answered[0]?.maxTokens ?? 0
    expect(JSON.parse(String(log?.other)).output_budget_lowered).toEqual({ from: 128_000, to: limit })
    expect(limit).toBeGreaterThan(16_384)
    expect(Math.ceil(limit * 8 * 0.625)).toBeLessThanOrEqual(100_000)
    expect(Number(log?.quota)).toBe(2006)
    expect(await tokenRemainOf(h, tokenId)).toBe(100_000 - 2006)
    expect(await openHolds(h.services.db)).toEqual({ count: 0, amount: 0 })
  })

  it('keeps the setting when the catalog lists a lower output limit', async () => {
    // deepseek-chat: 8,192 in the catalog, but a channel may map the name to a model that writes more.
    const user = await h.createUser(1, { quota: 10_000_000 })
    const { key } = await addToken(h, user.id, { unlimited: false, remainQuota: 5_000 })
    expect((await chat(key, 'deepseek-chat')).status).toBe(200)
    await settle(h)
    const [log] = await consumeLogs(h)
    expect(JSON.parse(String(log?.other)).output_budget_lowered).toEqual({
      from: 16_384,
      to: upstream.answered[0]?.maxTokens,
    })
  })
})
