import type { Page, PageQuery, Redemption, SearchRedemptionsQuery } from '@gateway/shared'
import {
  findRedemption,
  listRedemptionPage,
  type RedemptionFilter,
  type RedemptionRow,
} from '../../db/queries/redemptions.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { toRedemption } from './redemption-dto.ts'

async function pageOfRedemptions(
  services: Services,
  filter: RedemptionFilter,
  query: PageQuery
): Promise<Page<Redemption>> {
  const { rows, total } = await listRedemptionPage(services.db, services.dialect, filter, {
    offset: (query.p - 1) * query.page_size,
    limit: query.page_size,
  })
  return { items: rows.map(toRedemption), total, page: query.p, page_size: query.page_size }
}

/** GET /api/redemption/: newest first. */
export const listRedemptions = (services: Services, query: PageQuery): Promise<Page<Redemption>> =>
  pageOfRedemptions(services, {}, query)

/** GET /api/redemption/search: an exact id when numeric, or a name prefix (%, _ and ! match themselves). */
export const searchRedemptions = (services: Services, query: SearchRedemptionsQuery): Promise<Page<Redemption>> =>
  pageOfRedemptions(services, query.keyword ? { keyword: query.keyword } : {}, query)

export async function requireRedemption(services: Services, id: number): Promise<RedemptionRow> {
  const row = await findRedemption(services.db, id)
  if (!row) throw new AppError('NOT_FOUND', 'redemption.not_found')
  return row
}

/** GET /api/redemption/:id */
export const getRedemption = async (services: Services, id: number): Promise<Redemption> =>
  toRedemption(await requireRedemption(services, id))
