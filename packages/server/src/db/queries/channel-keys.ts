import { ChannelStatus } from '@gateway/shared'
import type { Kysely, Transaction } from 'kysely'
import type { DialectName } from '../dsn.ts'
import type { Database } from '../schema/index.ts'

type Db = Kysely<Database> | Transaction<Database>

/** What a change of a channel's keys reads: its key list (encrypted), status, reasons and multi-key state. */
export interface ChannelKeyState {
  id: number
  status: number
  key: string
  other_info: string
  channel_info: unknown
}

/**
 * Reads a channel's key state inside a transaction and locks its row until the transaction ends
 * (SELECT … FOR UPDATE on PostgreSQL and MySQL; SQLite runs one write transaction at a time), so
 * two requests failing on two keys at once both land, and the key manager never overwrites either.
 */
export function lockChannelKeyState(
  trx: Transaction<Database>,
  dialect: DialectName,
  id: number
): Promise<ChannelKeyState | undefined> {
  const query = trx
    .selectFrom('channels')
    .select(['id', 'status', 'key', 'other_info', 'channel_info'])
    .where('id', '=', id)
  return (dialect === 'sqlite' ? query : query.forUpdate()).executeTakeFirst()
}

export interface ChannelKeyChanges {
  /** the new key list, encrypted */
  key?: string
  channel_info: string
  status?: number
  other_info?: string
}

export async function saveChannelKeyState(db: Db, id: number, changes: ChannelKeyChanges): Promise<void> {
  await db.updateTable('channels').set(changes).where('id', '=', id).execute()
  if (changes.status !== undefined)
    await db
      .updateTable('abilities')
      .set({ enabled: changes.status === ChannelStatus.enabled })
      .where('channel_id', '=', id)
      .execute()
}
