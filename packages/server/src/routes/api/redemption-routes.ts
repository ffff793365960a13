import {
  createRedemptionInput,
  ok,
  redemptionIdsInput,
  searchRedemptionsQuery,
  updateRedemptionInput,
  updateRedemptionStatusInput,
} from '@gateway/shared'
import { Hono } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { adminAuth } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { getRedemption, listRedemptions, searchRedemptions } from '../../services/redemptions/list-redemptions.ts'
import {
  createRedemptions,
  deleteInvalidRedemptions,
  deleteRedemption,
  deleteRedemptions,
  updateRedemption,
  updateRedemptionStatus,
} from '../../services/redemptions/manage-redemptions.ts'
import { readId, readPage, readQuery } from './route-params.ts'

const isStatusOnly = (value: string | undefined) =>
  value !== undefined && value !== '' && value !== 'false' && value !== '0'

/** /api/redemption: redemption codes (admin). Fixed paths come before /:id. */
export const redemptionRoutes = new Hono<HonoEnv>()
  .get('/', adminAuth, async (c) => c.json(ok(await listRedemptions(c.get('services'), readPage(c)))))
  .get('/search', adminAuth, async (c) =>
    c.json(ok(await searchRedemptions(c.get('services'), readQuery(c, searchRedemptionsQuery))))
  )
  .post('/batch', adminAuth, async (c) => {
    const { ids } = await readJson(c, redemptionIdsInput)
    return c.json(ok(await deleteRedemptions(c.get('services'), ids)))
  })
  .get('/:id', adminAuth, async (c) =>
    c.json(ok(await getRedemption(c.get('services'), readId(c, 'redemption.not_found'))))
  )
  .post('/', adminAuth, async (c) => {
    const input = await readJson(c, createRedemptionInput)
    return c.json(ok(await createRedemptions(c.get('services'), c.get('user').id, input)))
  })
  .put('/', adminAuth, async (c) => {
    const services = c.get('services')
    if (isStatusOnly(c.req.query('status_only')))
      return c.json(ok(await updateRedemptionStatus(services, await readJson(c, updateRedemptionStatusInput))))
    return c.json(ok(await updateRedemption(services, await readJson(c, updateRedemptionInput))))
  })
  // before /:id, which would take 'invalid' for an id
  .delete('/invalid', adminAuth, async (c) => c.json(ok(await deleteInvalidRedemptions(c.get('services')))))
  .delete('/:id', adminAuth, async (c) => {
    await deleteRedemption(c.get('services'), readId(c, 'redemption.not_found'))
    return c.json(ok(null))
  })
