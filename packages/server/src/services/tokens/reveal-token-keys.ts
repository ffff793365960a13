import type { TokenKey, TokenKeys } from '@gateway/shared'
import { listUserTokenCiphertexts } from '../../db/queries/tokens.ts'
import type { Services } from '../container.ts'
import { requireOwnToken } from './list-tokens.ts'
import { fullTokenKey, stripKeyPrefix } from './token-key.ts'

/**
 * The key as the reference's key routes answer it: its stored form, without `sk-` (its console
 * puts the prefix in front, so a prefixed answer would show as `sk-sk-…`).
 */
const bareKey = (services: Services, row: Parameters<typeof fullTokenKey>[1]) =>
  stripKeyPrefix(fullTokenKey(services.secrets, row))

/**
 * POST /api/token/:id/key: the full key of one own token. Lists show keys masked, so this (and the
 * batch below) is the one deliberate way to read a key back; someone else's id is a 404.
 */
export async function revealTokenKey(services: Services, userId: number, id: number): Promise<TokenKey> {
  return { key: bareKey(services, await requireOwnToken(services, userId, id)) }
}

/**
 * POST /api/token/batch/keys: full keys of the caller's own tokens among `ids`, by id. Ids that
 * are not theirs (or gone) are simply absent, as in the reference, so nothing is said about them.
 */
export async function revealTokenKeys(services: Services, userId: number, ids: number[]): Promise<TokenKeys> {
  const rows = await listUserTokenCiphertexts(services.db, userId, ids)
  const keys: Record<string, string> = {}
  for (const row of rows) {
    const key = bareKey(services, row)
    if (key) keys[String(row.id)] = key
  }
  return { keys }
}
