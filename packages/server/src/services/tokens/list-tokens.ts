import type { Page, PageQuery, SearchTokensQuery, Token } from '@gateway/shared'
import { findUserToken, listUserTokens, type TokenFilter, type TokenRow } from '../../db/queries/tokens.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Services } from '../container.ts'
import { toToken } from './token-dto.ts'
import { tokenKeyHash } from './token-key.ts'

/**
 * A token of this user. Someone else's id answers exactly like a missing one (404), so ids
 * reveal nothing about other users' tokens.
 */
export async function requireOwnToken(services: Services, userId: number, id: number): Promise<TokenRow> {
  const token = await findUserToken(services.db, userId, id)
  if (!token) throw new AppError('NOT_FOUND', 'token.not_found')
  return token
}

async function pageOfTokens(services: Services, filter: TokenFilter, query: PageQuery): Promise<Page<Token>> {
  const { rows, total } = await listUserTokens(services.db, services.dialect, filter, {
    offset: (query.p - 1) * query.page_size,
    limit: query.page_size,
  })
  return { items: rows.map((row) => toToken(services.secrets, row)), total, page: query.p, page_size: query.page_size }
}

/** GET /api/token/: the user's tokens, newest first. */
export const listTokens = (services: Services, userId: number, query: PageQuery): Promise<Page<Token>> =>
  pageOfTokens(services, { userId }, query)

/**
 * GET /api/token/search. `keyword` matches part of the name. `token` must be a whole key: keys
 * are stored as a keyed hash and a ciphertext, so a partial key cannot be searched for, by design.
 */
export function searchTokens(services: Services, userId: number, query: SearchTokensQuery): Promise<Page<Token>> {
  const filter: TokenFilter = { userId }
  if (query.keyword) filter.nameContains = query.keyword
  if (query.token) filter.keyHash = tokenKeyHash(services.secrets, query.token)
  return pageOfTokens(services, filter, query)
}

/** GET /api/token/:id */
export async function getToken(services: Services, userId: number, id: number): Promise<Token> {
  return toToken(services.secrets, await requireOwnToken(services, userId, id))
}
