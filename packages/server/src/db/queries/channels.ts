import type {
  Expression,
  ExpressionBuilder,
  Insertable,
  Kysely,
  Selectable,
  SqlBool,
  Transaction,
  Updateable,
} from 'kysely'
import type { DialectName } from '../dsn.ts'
import { insertReturningId } from '../insert-id.ts'
import { commaListHas, likeContains } from '../like.ts'
import type { ChannelsTable } from '../schema/channels.ts'
import type { Database } from '../schema/index.ts'

export type ChannelRow = Selectable<ChannelsTable>
/** A channel without its (encrypted) key: what every console read works with. */
export type ChannelInfo = Omit<ChannelRow, 'key'>
type Db = Kysely<Database> | Transaction<Database>

/** Every column but `key`, so console reads never even load the ciphertext. */
const infoColumns = [
  'id',
  'type',
  'open_ai_organization',
  'test_model',
  'status',
  'name',
  'weight',
  'created_time',
  'test_time',
  'response_time',
  'base_url',
  'other',
  'balance',
  'balance_updated_time',
  'models',
  'group',
  'used_quota',
  'model_mapping',
  'status_code_mapping',
  'priority',
  'auto_ban',
  'other_info',
  'tag',
  'setting',
  'param_override',
  'header_override',
  'remark',
  'max_input_tokens',
  'private_network',
  'channel_info',
  'settings',
] as const satisfies readonly (keyof ChannelInfo)[]

/** Largest id list bound in one statement (PostgreSQL and MySQL cap bound parameters at 65,535). */
export const ID_CHUNK = 500

export const chunk = <T>(items: readonly T[], size = ID_CHUNK): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

export const findChannelInfo = (db: Db, id: number): Promise<ChannelInfo | undefined> =>
  db.selectFrom('channels').select(infoColumns).where('id', '=', id).executeTakeFirst()

export async function listChannelInfos(db: Db, ids: readonly number[]): Promise<ChannelInfo[]> {
  const rows: ChannelInfo[] = []
  for (const part of chunk(ids))
    rows.push(...(await db.selectFrom('channels').select(infoColumns).where('id', 'in', part).orderBy('id').execute()))
  return rows
}

/** The search filters of the channel list; all optional. */
export interface ChannelFilter {
  /** an exact id when numeric, or part of the name */
  keyword?: string
  /** one of the channel's groups */
  group?: string
  /** part of the models list */
  model?: string
}

type ChannelEb = ExpressionBuilder<Database, 'channels'>

function matches(dialect: DialectName, filter: ChannelFilter) {
  return (eb: ChannelEb): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = []
    if (filter.keyword) {
      const byName = likeContains(dialect, 'name', filter.keyword)
      const id = /^\d{1,10}$/.test(filter.keyword) ? Number(filter.keyword) : 0
      parts.push(id > 0 && id <= 2_147_483_647 ? eb.or([eb('id', '=', id), byName]) : byName)
    }
    if (filter.group) parts.push(commaListHas(dialect, 'group', filter.group))
    if (filter.model) parts.push(likeContains(dialect, 'models', filter.model))
    return eb.and(parts)
  }
}

const tagged = (eb: ChannelEb) => eb.and([eb('tag', 'is not', null), eb('tag', '!=', '')])
const untagged = (eb: ChannelEb) => eb.or([eb('tag', 'is', null), eb('tag', '=', '')])

export interface ChannelPageRequest {
  filter: ChannelFilter
  /** id desc instead of priority desc, id desc */
  idSort: boolean
  offset: number
  limit: number
}

function base(db: Db, dialect: DialectName, filter: ChannelFilter) {
  return db.selectFrom('channels').where(matches(dialect, filter))
}

function ordered<Q extends { orderBy: (column: 'priority' | 'id', direction: 'desc') => Q }>(
  query: Q,
  idSort: boolean
): Q {
  return idSort ? query.orderBy('id', 'desc') : query.orderBy('priority', 'desc').orderBy('id', 'desc')
}

async function count(query: ReturnType<typeof base>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A page of channels in list order, and how many match in all. */
export async function listChannelPage(
  db: Db,
  dialect: DialectName,
  request: ChannelPageRequest
): Promise<{ rows: ChannelInfo[]; total: number }> {
  const query = base(db, dialect, request.filter)
  const rows = await ordered(query.select(infoColumns), request.idSort)
    .offset(request.offset)
    .limit(request.limit)
    .execute()
  return { rows, total: await count(query) }
}

/** How many channels matching the filter each type has. */
export async function countChannelsByType(
  db: Db,
  dialect: DialectName,
  filter: ChannelFilter
): Promise<Record<string, number>> {
  const rows = await base(db, dialect, filter)
    .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
    .groupBy('type')
    .execute()
  return Object.fromEntries(rows.map((row) => [String(row.type), Number(row.n)]))
}

export const countTags = async (db: Db, dialect: DialectName, filter: ChannelFilter): Promise<number> => {
  const row = await base(db, dialect, filter)
    .where(tagged)
    .select((eb) => eb.fn.count<number>('tag').distinct().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Distinct non-empty tags of matching channels, by name. */
export async function listTags(
  db: Db,
  dialect: DialectName,
  filter: ChannelFilter,
  offset: number,
  limit: number
): Promise<string[]> {
  const rows = await base(db, dialect, filter)
    .where(tagged)
    .select('tag')
    .distinct()
    .orderBy('tag')
    .offset(offset)
    .limit(limit)
    .execute()
  return rows.map((r) => r.tag ?? '')
}

export const countUntagged = (db: Db, dialect: DialectName, filter: ChannelFilter) =>
  count(base(db, dialect, filter).where(untagged))

export function listUntagged(db: Db, dialect: DialectName, request: ChannelPageRequest): Promise<ChannelInfo[]> {
  const query = base(db, dialect, request.filter).where(untagged).select(infoColumns)
  return ordered(query, request.idSort).offset(request.offset).limit(request.limit).execute()
}

/** The matching channels of the given tags, grouped by tag. */
export async function listChannelsOfTags(
  db: Db,
  dialect: DialectName,
  tags: string[],
  filter: ChannelFilter,
  idSort: boolean
): Promise<ChannelInfo[]> {
  if (tags.length === 0) return []
  const query = base(db, dialect, filter).where('tag', 'in', tags).select(infoColumns).orderBy('tag')
  return ordered(query, idSort).execute()
}

export const insertChannel = (db: Db, dialect: DialectName, values: Insertable<ChannelsTable>): Promise<number> =>
  insertReturningId(db.insertInto('channels').values(values), dialect)

export type ChannelChanges = Updateable<Omit<ChannelsTable, 'id'>>

export async function updateChannels(db: Db, ids: readonly number[], changes: ChannelChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return
  for (const part of chunk(ids)) await db.updateTable('channels').set(changes).where('id', 'in', part).execute()
}

/** Deletes the channels (not their abilities) and returns how many existed. */
export async function deleteChannelRows(db: Db, ids: readonly number[]): Promise<number> {
  let deleted = 0
  for (const part of chunk(ids))
    deleted += Number((await db.deleteFrom('channels').where('id', 'in', part).executeTakeFirst()).numDeletedRows)
  return deleted
}

export async function listChannelIds(db: Db, where: { statuses?: number[]; tag?: string }): Promise<number[]> {
  let query = db.selectFrom('channels').select('id')
  if (where.statuses) query = query.where('status', 'in', where.statuses)
  if (where.tag !== undefined) query = query.where('tag', '=', where.tag)
  return (await query.orderBy('id').execute()).map((r) => r.id)
}

/** Channels that have no ability rows (after a crash, an import or a manual edit). */
export async function listChannelsWithoutAbilities(db: Db): Promise<ChannelInfo[]> {
  return db
    .selectFrom('channels')
    .select(infoColumns)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('abilities').select('abilities.channel_id').whereRef('abilities.channel_id', '=', 'channels.id')
        )
      )
    )
    .orderBy('id')
    .execute()
}

/** Channel names by id, for the channels named on a page of logs. */
export async function listChannelNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const channels = await db.selectFrom('channels').select(['id', 'name']).where('id', 'in', ids).execute()
  return new Map(channels.map((channel) => [Number(channel.id), channel.name]))
}

/** The channel's comma-separated groups ('' when it has none or is gone). */
export async function findChannelGroups(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('channels').select('group').where('id', '=', id).executeTakeFirst()
  return row?.group ?? ''
}

/** A balance just read from the upstream. */
export async function setChannelBalance(db: Db, id: number, balance: number, now: number): Promise<void> {
  await db.updateTable('channels').set({ balance, balance_updated_time: now }).where('id', '=', id).execute()
}

/** The outcome of a channel test: how long the upstream took, and when. */
export async function recordChannelTest(db: Db, id: number, elapsedMs: number, now: number): Promise<void> {
  await db.updateTable('channels').set({ response_time: elapsedMs, test_time: now }).where('id', '=', id).execute()
}
