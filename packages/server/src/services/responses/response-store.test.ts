import { describe, expect, it, vi } from 'vitest'
import { harnessPerTest, type Harness } from '../../../test/harness.ts'
import { beatInstance } from '../../db/queries/ledger.ts'
import { insertStoredResponse } from '../../db/queries/stored-responses.ts'
import { nowSeconds } from '../../lib/time.ts'
import { newRequestId } from '../../middleware/request-context.ts'
import {
  loadStoredConversation,
  MAX_STORED_RESPONSE_BYTES,
  saveStoredConversation,
  sweepStoredResponses,
  type StoredConversation,
} from './response-store.ts'

let h: Harness
harnessPerTest(async (made) => {
  h = made
  await h.services.options.set('ResponsesStoreRetentionHours', '2')
})

const NOW = 1_800_000_000
const owner = { userId: 7, tokenId: 3 }
const conversation = (id: string, createdAt = NOW, content = 'Weather in Paris?'): StoredConversation => ({
  id,
  model: 'weather-chat',
  instructions: 'Answer briefly.',
  messages: [
    { role: 'user', content },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    },
  ],
  createdAt,
})

/** Another worker or instance beats beside this one (as in the instance table of a shared database). */
const anotherProcess = () => beatInstance(h.services.db, 'another-worker', nowSeconds())

/** How long a lookup of `id` takes to answer not found, in ms. */
async function notFoundAfter(id: string): Promise<number> {
  const started = performance.now()
  expect(await loadStoredConversation(h.services, id, owner)).toBeUndefined()
  return performance.now() - started
}

describe('the response store', () => {
  it('gives a conversation back to the token that made it, whole', async () => {
    await saveStoredConversation(h.services, owner, conversation('resp_a'))
    expect(await loadStoredConversation(h.services, 'resp_a', owner, NOW + 60)).toEqual(conversation('resp_a'))
  })

  it('hides it from another token, another user and the playground', async () => {
    await saveStoredConversation(h.services, owner, conversation('resp_b'))
    expect(await loadStoredConversation(h.services, 'resp_b', { userId: 7, tokenId: 4 }, NOW)).toBeUndefined()
    expect(await loadStoredConversation(h.services, 'resp_b', { userId: 8, tokenId: 3 }, NOW)).toBeUndefined()
    expect(await loadStoredConversation(h.services, 'resp_b', { userId: 7, tokenId: 0 }, NOW)).toBeUndefined()
  })

  it('waits for a save still being written instead of answering not found', async () => {
    const write = saveStoredConversation(h.services, owner, conversation('resp_c'))
    const loaded = loadStoredConversation(h.services, 'resp_c', owner, NOW)
    await write
    expect((await loaded)?.id).toBe('resp_c')
  })

  it('finds a response another process is still writing: a recent id of ours is looked for again', async () => {
    await anotherProcess()
    const id = `resp_${newRequestId()}`
    const loaded = loadStoredConversation(h.services, id, owner)
    // Written 200 ms later by "another worker": straight into the table, past this process's pending saves.
    await new Promise((done) => setTimeout(done, 200))
    const other = conversation(id, nowSeconds())
    await insertStoredResponse(h.services.db, {
      id,
      user_id: owner.userId,
      token_id: owner.tokenId,
      model: other.model,
      instructions: other.instructions,
      messages: JSON.stringify(other.messages),
      created_at: other.createdAt,
    })
    expect((await loaded)?.messages).toEqual(other.messages)
  })

  it('waits for a recent id of ours only: an unknown one after a second, a foreign or old one at once', async () => {
    await anotherProcess()
    expect(await notFoundAfter(`resp_${newRequestId()}`)).toBeGreaterThanOrEqual(950)
    // OpenAI's own ids, and ours from a request begun long ago, are not waited for.
    expect(await notFoundAfter('resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b')).toBeLessThan(500)
    expect(await notFoundAfter('resp_20200101000000abcdef0001')).toBeLessThan(500)
  })

  it('answers a recent unknown id at once when no other process writes (its own saves are awaited in memory)', async () => {
    expect(await notFoundAfter(`resp_${newRequestId()}`)).toBeLessThan(500)
    // A process that stopped beating long ago does not count.
    await beatInstance(h.services.db, 'gone-worker', nowSeconds() - 3600)
    expect(await notFoundAfter(`resp_${newRequestId()}`)).toBeLessThan(500)
  })

  it('forgets what is older than the retention, and the sweep deletes exactly that', async () => {
    await saveStoredConversation(h.services, owner, conversation('resp_old', NOW - 2 * 3600 - 1))
    await saveStoredConversation(h.services, owner, conversation('resp_new', NOW - 2 * 3600))
    expect(await loadStoredConversation(h.services, 'resp_old', owner, NOW)).toBeUndefined()
    expect((await loadStoredConversation(h.services, 'resp_new', owner, NOW))?.id).toBe('resp_new')
    expect(await sweepStoredResponses(h.services, NOW)).toBe(1)
    const left = await h.services.db.selectFrom('stored_responses').select('id').execute()
    expect(left.map((row) => row.id)).toEqual(['resp_new'])
  })

  it('stores nothing and finds nothing with retention 0', async () => {
    await saveStoredConversation(h.services, owner, conversation('resp_d'))
    await h.services.options.set('ResponsesStoreRetentionHours', '0')
    expect(await loadStoredConversation(h.services, 'resp_d', owner, NOW)).toBeUndefined()
    await saveStoredConversation(h.services, owner, conversation('resp_e'))
    expect(
      await h.services.db.selectFrom('stored_responses').select('id').where('id', '=', 'resp_e').executeTakeFirst()
    ).toBeUndefined()
  })

  it('refuses a conversation over 1 MiB and keeps one just under it, multi-byte text counted in bytes', async () => {
    const overhead =
      Buffer.byteLength(JSON.stringify(conversation('x', NOW, '').messages)) + Buffer.byteLength('Answer briefly.')
    // '€' is 3 bytes in UTF-8: counted in characters this would pass.
    const fits = '€'.repeat(Math.floor((MAX_STORED_RESPONSE_BYTES - overhead) / 3))
    await saveStoredConversation(h.services, owner, conversation('resp_fits', NOW, fits))
    const warned = vi.spyOn(h.services.logger, 'warn')
    await saveStoredConversation(h.services, owner, conversation('resp_big', NOW, `${fits}€`))
    expect(warned).toHaveBeenCalledWith(
      { id: 'resp_big', bytes: overhead + 3 * ([...fits].length + 1) },
      expect.stringContaining('not stored')
    )
    expect(overhead + 3 * [...fits].length).toBeLessThanOrEqual(MAX_STORED_RESPONSE_BYTES)
    expect(overhead + 3 * ([...fits].length + 1)).toBeGreaterThan(MAX_STORED_RESPONSE_BYTES)
    expect((await loadStoredConversation(h.services, 'resp_fits', owner, NOW))?.messages[0]?.content).toBe(fits)
    expect(await loadStoredConversation(h.services, 'resp_big', owner, NOW)).toBeUndefined()
  })

  it('logs a failed write and does not throw', async () => {
    const logged = vi.spyOn(h.services.logger, 'error')
    await saveStoredConversation(h.services, owner, conversation('resp_twice'))
    expect(logged).not.toHaveBeenCalled()
    await expect(saveStoredConversation(h.services, owner, conversation('resp_twice'))).resolves.toBeUndefined()
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ id: 'resp_twice' }), 'response not stored')
  })
})
