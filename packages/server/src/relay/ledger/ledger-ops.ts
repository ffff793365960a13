import { formatQuota } from '@gateway/shared'
import type { Kysely } from 'kysely'
import { logValues, type LedgerStatements, type LogRow } from '../../db/queries/ledger.ts'
import type { Database } from '../../db/schema/index.ts'
import { appendLogTextPart } from '../../i18n/log-text.ts'
import { translate, type Language } from '../../i18n/messages.ts'

/** Who pays: the user always, the token unless it is unlimited or absent (the playground). */
export interface Payer {
  userId: number
  tokenId?: number
  tokenUnlimited: boolean
}

/** What a hold row says about its request, so an interrupted one can be logged. */
export interface HoldLabel {
  username: string
  tokenName: string
  model: string
  group: string
  /** our request id, written into the row of an interrupted request */
  requestId?: string
}

/** The final charge of a hold and everything that is recorded with it. */
export interface Settlement {
  charge: number
  now: number
  channelId: number
  /** prompt + completion tokens, for the dashboard's hourly rows */
  tokens: number
  userId: number
  username: string
  model: string
  /** add to quota_data (the dashboard's data export is on) */
  rollup: boolean
  /** the group the request was billed in, for its quota_data row ('' when unknown) */
  group?: string
  /** the instance that settled it (NODE_NAME or the host name), for its quota_data row; set by the ledger */
  nodeName?: string
  /** the usage row; its quota is set to what was collected (absent when consume logs are off) */
  log?: LogRow
  /** how to say in the row that part of the charge could not be collected */
  note?: { language: Language; quotaPerUnit: number; displayInCurrency: boolean }
}

/** A reservation in flight: its durable row is `quota_holds.id`. */
export interface Hold {
  id: string
  payer: Payer
  amount: number
}

export type LedgerOp =
  | { kind: 'reserve'; hold: Hold; label: HoldLabel; owner: string; now: number }
  | { kind: 'grow'; hold: Hold; extra: number }
  | { kind: 'settle'; hold: Hold; settlement: Settlement }
  /** `log` is written only when the hold was still there (the sweeper's row for an interrupted request) */
  | { kind: 'release'; hold: Hold; log?: LogRow }

export interface OpResult {
  shortfall?: 'token' | 'user'
  balanceAfter?: number
  collected?: number
}

type Db = Kysely<Database>

/**
 * Applies ledger operations inside one transaction, in order. Token rows are always touched
 * before user rows, and the batch's counters last in a fixed order, so that concurrent
 * transactions of several instances take their locks in the same order.
 */
export async function applyOps(
  trx: Db,
  s: LedgerStatements,
  logsInMainDb: boolean,
  ops: LedgerOp[]
): Promise<OpResult[]> {
  const results: OpResult[] = []
  const channelUse = new Map<number, number>()
  const hourly = new Map<string, QuotaBucket>()
  const moves = new BalanceMoves()
  for (const op of ops) {
    // What follows may read or take a balance: it must see every settlement before it.
    if (op.kind !== 'settle') await moves.write(trx, s)
    if (op.kind === 'reserve') results.push(await reserve(trx, s, op))
    else if (op.kind === 'grow') results.push({ shortfall: await take(trx, s, op.hold.payer, op.extra, op.hold.id) })
    else if (op.kind === 'release') {
      if ((await s.deleteHold.run(trx, [op.hold.id])).changed > 0) {
        await give(trx, s, op.hold.payer, op.hold.amount)
        if (op.log) await writeLog(trx, s, logsInMainDb, op.log)
      }
      results.push({})
    } else {
      const collected = await settle(trx, s, logsInMainDb, op.hold, op.settlement, moves)
      results.push({ collected })
      if (collected === undefined) continue
      const { settlement } = op
      if (settlement.channelId > 0 && collected > 0)
        channelUse.set(settlement.channelId, (channelUse.get(settlement.channelId) ?? 0) + collected)
      if (settlement.rollup) {
        const hour = settlement.now - (settlement.now % 3600)
        const where = {
          group: settlement.group ?? '',
          tokenId: op.hold.payer.tokenId ?? 0,
          channelId: settlement.channelId,
          node: settlement.nodeName ?? '',
        }
        const key = JSON.stringify([
          settlement.userId,
          settlement.model,
          hour,
          where.group,
          where.tokenId,
          where.channelId,
          where.node,
        ])
        const bucket = hourly.get(key) ?? {
          userId: settlement.userId,
          username: settlement.username,
          model: settlement.model,
          hour,
          ...where,
          count: 0,
          quota: 0,
          tokens: 0,
        }
        bucket.count++
        bucket.quota += collected
        bucket.tokens += settlement.tokens
        hourly.set(key, bucket)
      }
    }
  }
  await moves.write(trx, s)
  for (const [channelId, quota] of [...channelUse].sort((a, b) => a[0] - b[0]))
    await s.addChannelUsed.run(trx, [quota, channelId])
  for (const b of [...hourly.values()].sort(byBucket)) {
    const bucket = [b.userId, b.model, b.hour, b.group, b.tokenId, b.channelId, b.node]
    const updated = await s.addQuotaData.run(trx, [b.count, b.quota, b.tokens, ...bucket])
    if (updated.changed === 0) await s.insertQuotaData.run(trx, [...bucket, b.username, b.count, b.quota, b.tokens])
  }
  return results
}

/** One quota_data row's worth of settlements: the reference's bucket (user, model, hour, group, token, channel, node). */
interface QuotaBucket {
  userId: number
  username: string
  model: string
  hour: number
  group: string
  tokenId: number
  channelId: number
  node: string
  count: number
  quota: number
  tokens: number
}

/**
 * The balance side of a run of settlements, summed per token and per user and written once per
 * row: a batch of settlements for one payer updates its token and its user once, not once per
 * request. Additions commute, so the sums are exact. The run is written before any operation that
 * reads a balance or takes from it conditionally (a reservation, a release, a charge above its
 * hold), so that operation sees every settlement before it, as if each had been written at once.
 * Tokens go before users, each in id order: the lock order of every other ledger transaction.
 */
class BalanceMoves {
  /** giveBack is what returns to the balance, negated (a negative take), as the statements bind it */
  private readonly tokens = new Map<number, { giveBack: number; collected: number; now: number }>()
  private readonly users = new Map<number, { giveBack: number; collected: number; count: number }>()

  add(payer: Payer, giveBack: number, collected: number, now: number): void {
    if (payer.tokenId !== undefined) {
      // An unlimited token's remaining quota is not kept, so nothing returns to it.
      const tokenGiveBack = payer.tokenUnlimited ? 0 : giveBack
      const token = this.tokens.get(payer.tokenId)
      if (token) {
        token.giveBack += tokenGiveBack
        token.collected += collected
        token.now = Math.max(token.now, now)
      } else this.tokens.set(payer.tokenId, { giveBack: tokenGiveBack, collected, now })
    }
    const user = this.users.get(payer.userId)
    if (user) {
      user.giveBack += giveBack
      user.collected += collected
      user.count++
    } else this.users.set(payer.userId, { giveBack, collected, count: 1 })
  }

  async write(trx: Db, s: LedgerStatements): Promise<void> {
    if (this.users.size === 0) return
    for (const [id, t] of [...this.tokens].sort((a, b) => a[0] - b[0]))
      await s.settleToken.run(trx, [t.giveBack, t.collected, t.now, id])
    for (const [id, u] of [...this.users].sort((a, b) => a[0] - b[0]))
      await s.settleUser.run(trx, [u.giveBack, u.collected, u.count, id])
    this.tokens.clear()
    this.users.clear()
  }
}

/** A fixed order of buckets, so concurrent transactions touch quota_data rows in the same order. */
const byBucket = (x: QuotaBucket, y: QuotaBucket): number => {
  const a = [x.userId, x.model, x.hour, x.group, x.tokenId, x.channelId, x.node]
  const b = [y.userId, y.model, y.hour, y.group, y.tokenId, y.channelId, y.node]
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i]) return (a[i] as number | string) < (b[i] as number | string) ? -1 : 1
  return 0
}

const limitedToken = (payer: Payer) => payer.tokenId !== undefined && !payer.tokenUnlimited

async function reserve(trx: Db, s: LedgerStatements, op: Extract<LedgerOp, { kind: 'reserve' }>): Promise<OpResult> {
  const { hold, label } = op
  const { payer } = hold
  const limited = limitedToken(payer)
  if (limited && (await s.takeToken.run(trx, [hold.amount, payer.tokenId, hold.amount])).changed === 0)
    return { shortfall: 'token' }
  let balanceAfter: number | undefined
  let taken: boolean
  if (s.takeUserReturning) {
    const { rows } = await s.takeUserReturning.run<{ quota: number }>(trx, [hold.amount, payer.userId, hold.amount])
    taken = rows.length > 0
    if (taken) balanceAfter = Number(rows[0]?.quota)
  } else taken = (await s.takeUser.run(trx, [hold.amount, payer.userId, hold.amount])).changed > 0
  if (!taken) {
    if (limited) await s.giveToken.run(trx, [hold.amount, payer.tokenId])
    return { shortfall: 'user' }
  }
  await s.insertHold.run(trx, [
    hold.id,
    op.owner,
    payer.userId,
    payer.tokenId ?? 0,
    limited ? 1 : 0,
    hold.amount,
    op.now,
    label.username,
    label.tokenName,
    label.model,
    label.group,
    label.requestId ?? '',
  ])
  return { balanceAfter }
}

/** Takes `amount` more for a hold that exists, from both sides or from neither. */
async function take(
  trx: Db,
  s: LedgerStatements,
  payer: Payer,
  amount: number,
  holdId: string
): Promise<'token' | 'user' | undefined> {
  const limited = limitedToken(payer)
  if (limited && (await s.takeToken.run(trx, [amount, payer.tokenId, amount])).changed === 0) return 'token'
  if ((await s.takeUser.run(trx, [amount, payer.userId, amount])).changed === 0) {
    if (limited) await s.giveToken.run(trx, [amount, payer.tokenId])
    return 'user'
  }
  await s.growHold.run(trx, [amount, holdId])
  return undefined
}

async function give(trx: Db, s: LedgerStatements, payer: Payer, amount: number): Promise<void> {
  if (amount <= 0) return
  if (limitedToken(payer)) await s.giveToken.run(trx, [amount, payer.tokenId])
  await s.giveUser.run(trx, [amount, payer.userId])
}

/** Answers what was collected, or undefined when the hold was already settled or swept. */
async function settle(
  trx: Db,
  s: LedgerStatements,
  logsInMainDb: boolean,
  hold: Hold,
  settlement: Settlement,
  moves: BalanceMoves
): Promise<number | undefined> {
  if ((await s.deleteHold.run(trx, [hold.id])).changed === 0) return undefined
  const { payer } = hold
  const charge = Math.max(0, settlement.charge)
  const delta = charge - hold.amount
  // Only a charge above the hold needs the careful path (it reads the balances, so the settlements
  // before it are written first); giving back is always possible.
  if (delta > 0) await moves.write(trx, s)
  const collected = delta > 0 ? hold.amount + (await takeUpTo(trx, s, payer, delta)) : charge
  moves.add(payer, Math.min(0, delta), collected, settlement.now)
  if (settlement.log) {
    let content = settlement.log.content ?? ''
    let other = settlement.log.other
    if (collected < charge && settlement.note) {
      const { language, quotaPerUnit, displayInCurrency } = settlement.note
      const params = { quota: formatQuota(charge - collected, { quotaPerUnit, displayInCurrency }) }
      content += translate('log.uncollected', language, params)
      other = appendLogTextPart(other, { key: 'log.uncollected', params })
    }
    await writeLog(trx, s, logsInMainDb, { ...settlement.log, quota: collected, content, other })
  }
  return collected
}

/** Into the logs table, or into the outbox when logs live in another database (LOG_SQL_DSN). */
async function writeLog(trx: Db, s: LedgerStatements, logsInMainDb: boolean, row: LogRow): Promise<void> {
  if (logsInMainDb) await s.insertLog.run(trx, logValues(row))
  else await s.insertOutbox.run(trx, [JSON.stringify(row)])
}

/** Takes as much of `amount` as both balances allow; answers what was taken. */
async function takeUpTo(trx: Db, s: LedgerStatements, payer: Payer, amount: number): Promise<number> {
  const limited = limitedToken(payer)
  let wanted = amount
  if (limited)
    wanted = Math.min(
      wanted,
      Math.max(
        0,
        Number((await s.readToken.run<{ remain_quota: number }>(trx, [payer.tokenId])).rows[0]?.remain_quota ?? 0)
      )
    )
  wanted = Math.min(
    wanted,
    Math.max(0, Number((await s.readUser.run<{ quota: number }>(trx, [payer.userId])).rows[0]?.quota ?? 0))
  )
  if (wanted <= 0) return 0
  // Inside the transaction these rows are ours once written; the conditions still guard against
  // a concurrent change between the read and the write on engines that do not lock on read.
  if (limited && (await s.takeToken.run(trx, [wanted, payer.tokenId, wanted])).changed === 0) return 0
  if ((await s.takeUser.run(trx, [wanted, payer.userId, wanted])).changed === 0) {
    if (limited) await s.giveToken.run(trx, [wanted, payer.tokenId])
    return 0
  }
  return wanted
}
