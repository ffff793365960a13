import {
  createTokenInput,
  ok,
  searchTokensQuery,
  tokenIdsInput,
  tokenKeysInput,
  updateTokenInput,
  updateTokenStatusInput,
} from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { userAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { noStore } from '../../middleware/no-store.ts'
import { criticalRateLimit, searchRateLimit } from '../../middleware/rate-limit.ts'
import { createToken } from '../../services/tokens/create-token.ts'
import { deleteToken, deleteTokens } from '../../services/tokens/delete-tokens.ts'
import { getToken, listTokens, searchTokens } from '../../services/tokens/list-tokens.ts'
import { revealTokenKey, revealTokenKeys } from '../../services/tokens/reveal-token-keys.ts'
import { updateToken, updateTokenStatus } from '../../services/tokens/update-token.ts'
import { readId, readPage, readQuery } from './route-params.ts'

const isStatusOnly = (value: string | undefined) =>
  value !== undefined && value !== '' && value !== 'false' && value !== '0'

/**
 * /api/token: a user's own relay keys. Every lookup is scoped to the signed-in user. Lists and
 * lookups show keys masked; the two key routes are the only ones that hand out full keys, so
 * they sit under the critical rate limit and are never cached.
 */
export const tokenRoutes = new Hono<HonoEnv>()
  .get('/', userAuth, async (c) => c.json(ok(await listTokens(c.get('services'), c.get('user').id, readPage(c)))))
  .get('/search', userAuth, searchRateLimit, async (c) =>
    c.json(ok(await searchTokens(c.get('services'), c.get('user').id, readQuery(c, searchTokensQuery))))
  )
  // The same search with the filters in the body: a whole key in a query string ends up in proxy
  // and access logs. The console uses this one; GET stays for clients written against the reference.
  .post('/search', userAuth, searchRateLimit, async (c) =>
    c.json(ok(await searchTokens(c.get('services'), c.get('user').id, await readJson(c, searchTokensQuery))))
  )
  .post('/batch', userAuth, async (c) => {
    const { ids } = await readJson(c, tokenIdsInput)
    return c.json(ok(await deleteTokens(c.get('services'), c.get('user').id, ids)))
  })
  .post('/batch/keys', userAuth, criticalRateLimit, noStore, async (c) => {
    const { ids } = await readJson(c, tokenKeysInput)
    return c.json(ok(await revealTokenKeys(c.get('services'), c.get('user').id, ids)))
  })
  .post('/:id/key', userAuth, criticalRateLimit, noStore, async (c) =>
    c.json(ok(await revealTokenKey(c.get('services'), c.get('user').id, readId(c, 'token.not_found'))))
  )
  .get('/:id', userAuth, async (c) =>
    c.json(ok(await getToken(c.get('services'), c.get('user').id, readId(c, 'token.not_found'))))
  )
  .post('/', userAuth, async (c) => {
    const input = await readJson(c, createTokenInput)
    return c.json(ok(await createToken(c.get('services'), c.get('user'), input)))
  })
  .put('/', userAuth, async (c) => {
    const services = c.get('services')
    if (isStatusOnly(c.req.query('status_only'))) {
      const input = await readJson(c, updateTokenStatusInput)
      return c.json(ok(await updateTokenStatus(services, c.get('user').id, input)))
    }
    return c.json(ok(await updateToken(services, c.get('user'), await readJson(c, updateTokenInput))))
  })
  .delete('/:id', userAuth, async (c) => {
    await deleteToken(c.get('services'), c.get('user').id, readId(c, 'token.not_found'))
    return c.json(ok(null))
  })
