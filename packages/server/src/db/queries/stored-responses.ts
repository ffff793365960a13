import type { Insertable, Kysely, Selectable } from 'kysely'
import type { Database } from '../schema/index.ts'
import type { StoredResponsesTable } from '../schema/stored-responses.ts'

export type StoredResponseRow = Selectable<StoredResponsesTable>

/** Who may read a stored response: the token that made it, or (token 0) the user's playground. */
export interface StoredResponseOwner {
  userId: number
  tokenId: number
}

export async function insertStoredResponse(db: Kysely<Database>, row: Insertable<StoredResponsesTable>): Promise<void> {
  await db.insertInto('stored_responses').values(row).execute()
}

/** The row when it belongs to `owner` and was made at or after `notBefore`; otherwise undefined. */
export const findStoredResponse = (db: Kysely<Database>, id: string, owner: StoredResponseOwner, notBefore: number) =>
  db
    .selectFrom('stored_responses')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('token_id', '=', owner.tokenId)
    .where('created_at', '>=', notBefore)
    .executeTakeFirst()

/** Deletes the owner's row; true when there was one. */
export async function deleteStoredResponse(
  db: Kysely<Database>,
  id: string,
  owner: StoredResponseOwner
): Promise<boolean> {
  const result = await db
    .deleteFrom('stored_responses')
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('token_id', '=', owner.tokenId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Deletes every row made before `before`; the number deleted. */
export async function deleteStoredResponsesBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('stored_responses').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}
