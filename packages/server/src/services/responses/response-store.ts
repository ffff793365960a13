import { setTimeout as sleep } from 'node:timers/promises'
import type { Kysely } from 'kysely'
import {
  deleteStoredResponse,
  deleteStoredResponsesBefore,
  findStoredResponse,
  insertStoredResponse,
  type StoredResponseOwner,
  type StoredResponseRow,
} from '../../db/queries/stored-responses.ts'
import type { Database } from '../../db/schema/index.ts'
import type { Logger } from '../../lib/logger.ts'
import { nowSeconds } from '../../lib/time.ts'
import { requestIdMintedAt } from '../../middleware/request-context.ts'
import type { OpenAIChatMessage } from '../../providers/openai-chat-api.ts'
import { RESPONSE_ID_PREFIX } from '../../providers/openai-responses/responses-bridges.ts'
import type { HoldSweeper } from '../../relay/ledger/hold-sweeper.ts'
import type { OptionStore } from '../options/option-store.ts'

export type { StoredResponseOwner } from '../../db/queries/stored-responses.ts'

/**
 * The largest conversation kept in one row (its JSON, in UTF-8 bytes). Every continuation reads
 * the row whole and sends it upstream again, so a bound keeps that cheap; 1 MiB of text is
 * already a few hundred thousand tokens, past what chat models take as context; and each row
 * repeats the turns before it, so without a bound a long agent loop would grow the table with
 * the square of its length. A larger conversation is not stored: continuing it answers "not found"
 * and the client sends its whole history instead.
 */
export const MAX_STORED_RESPONSE_BYTES = 1024 * 1024

interface StoreDeps {
  db: Kysely<Database>
  options: OptionStore
  logger: Logger
  relay: { sweeper: Pick<HoldSweeper, 'anotherProcessAlive'> }
}

export interface StoredConversation {
  id: string
  model: string
  instructions: string
  /** every earlier turn, the request's input and the answer, in Chat Completions form */
  messages: OpenAIChatMessage[]
  createdAt: number
}

/** How long a converted response can be continued, in seconds; 0 when the gateway stores none. */
export function responseRetentionSeconds(options: OptionStore): number {
  return Math.max(0, Math.floor(options.number('ResponsesStoreRetentionHours'))) * 3600
}

/**
 * Saves still being written, by database: a client continuing the instant its answer ended may
 * ask before the row is committed; a lookup in this process waits for it instead of answering
 * "not found".
 */
const pendingSaves = new WeakMap<object, Map<string, Promise<void>>>()

function pendingOf(db: object): Map<string, Promise<void>> {
  let pending = pendingSaves.get(db)
  if (!pending) {
    pending = new Map()
    pendingSaves.set(db, pending)
  }
  return pending
}

const toConversation = (row: StoredResponseRow): StoredConversation => ({
  id: row.id,
  model: row.model,
  instructions: row.instructions,
  messages: JSON.parse(row.messages) as OpenAIChatMessage[],
  createdAt: Number(row.created_at),
})

/** The owner's unexpired conversation of that id, or undefined (unknown, expired, someone else's, or storing off). */
export async function loadStoredConversation(
  deps: StoreDeps,
  id: string,
  owner: StoredResponseOwner,
  now = nowSeconds()
): Promise<StoredConversation | undefined> {
  const retention = responseRetentionSeconds(deps.options)
  if (retention === 0) return undefined
  await pendingOf(deps.db).get(id)
  const find = () => findStoredResponse(deps.db, id, owner, now - retention)
  let row = await find()
  // Another worker or instance may have answered it a moment ago and still be writing it (a client
  // that continues at once, on a new connection, can arrive first): a recent id of ours is looked
  // for again for a while before it counts as unknown. A process alone has its saves in
  // pendingSaves, so it answers at once.
  if (!row && mayStillBeSaving(id) && (await deps.relay.sweeper.anotherProcessAlive())) {
    const deadline = Date.now() + SAVE_WAIT_MS
    while (!row && Date.now() < deadline) {
      await sleep(SAVE_POLL_MS)
      row = await find()
    }
  }
  return row ? toConversation(row) : undefined
}

/** How long a recent id of ours is looked for before it counts as unknown, and how often. */
const SAVE_WAIT_MS = 1_000
const SAVE_POLL_MS = 50
/** Answers end within this of their request's start (the id's stamp) in practice; older ids are not waited for. */
const RECENT_ANSWER_MS = 15 * 60 * 1000

/** An id the gateway answered with (`resp_` and a request id of ours) whose request began recently. */
function mayStillBeSaving(id: string): boolean {
  if (!id.startsWith(RESPONSE_ID_PREFIX)) return false
  const minted = requestIdMintedAt(id.slice(RESPONSE_ID_PREFIX.length))
  return minted !== undefined && Date.now() - minted < RECENT_ANSWER_MS
}

/**
 * Writes a conversation in the background and returns the write (it never throws: a failure is
 * logged, and only means the response cannot be continued). Nothing is written while the
 * retention is 0 or when the conversation is over MAX_STORED_RESPONSE_BYTES.
 */
export function saveStoredConversation(
  deps: StoreDeps,
  owner: StoredResponseOwner,
  conversation: StoredConversation
): Promise<void> {
  if (responseRetentionSeconds(deps.options) === 0) return Promise.resolve()
  const messages = JSON.stringify(conversation.messages)
  const bytes = Buffer.byteLength(messages) + Buffer.byteLength(conversation.instructions)
  if (bytes > MAX_STORED_RESPONSE_BYTES) {
    deps.logger.warn(
      { id: conversation.id, bytes },
      'response not stored: the conversation is larger than the store keeps'
    )
    return Promise.resolve()
  }
  const pending = pendingOf(deps.db)
  const write = insertStoredResponse(deps.db, {
    id: conversation.id,
    user_id: owner.userId,
    token_id: owner.tokenId,
    model: conversation.model.slice(0, 255),
    instructions: conversation.instructions,
    messages,
    created_at: conversation.createdAt,
  })
    .catch((error: unknown) => deps.logger.error({ id: conversation.id, err: String(error) }, 'response not stored'))
    .finally(() => {
      if (pending.get(conversation.id) === write) pending.delete(conversation.id)
    })
  pending.set(conversation.id, write)
  return write
}

/** Deletes the owner's stored response; false when there was none. */
export const forgetStoredConversation = (
  deps: Pick<StoreDeps, 'db'>,
  id: string,
  owner: StoredResponseOwner
): Promise<boolean> => deleteStoredResponse(deps.db, id, owner)

/**
 * Deletes what has expired. With retention 0 nothing new is stored and nothing old can be read,
 * so every row goes.
 */
export function sweepStoredResponses(deps: Pick<StoreDeps, 'db' | 'options'>, now = nowSeconds()): Promise<number> {
  return deleteStoredResponsesBefore(deps.db, now - responseRetentionSeconds(deps.options))
}
