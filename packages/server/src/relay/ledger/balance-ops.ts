import { formatQuota } from '@gateway/shared'
import type { Kysely } from 'kysely'
import { logValues, type LedgerStatements, type LogRow } from '../../db/queries/ledger.ts'
import type { Database } from '../../db/schema/index.ts'
import { appendLogTextPart } from '../../i18n/log-text.ts'
import { translate } from '../../i18n/messages.ts'
import type { LedgerOp, OpResult, Payer, Settlement } from './ledger-types.ts'

/** The balance statements of the ledger's operations, shared by requests' own holds and leases. */
export type Db = Kysely<Database>

/**
 * The balance side of a run of settlements, summed per token and per user and written once per
 * row: a batch of settlements for one payer updates its token and its user once, not once per
 * request. Additions commute, so the sums are exact. The run is written before any operation that
 * reads a balance or takes from it conditionally (a reservation, a release, a charge above its
 * hold), so that operation sees every settlement before it, as if each had been written at once.
 * Tokens go before users, each in id order: the lock order of every other ledger transaction.
 */
export class BalanceMoves {
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

export const limitedToken = (payer: Payer) => payer.tokenId !== undefined && !payer.tokenUnlimited

export async function reserve(
  trx: Db,
  s: LedgerStatements,
  op: Extract<LedgerOp, { kind: 'reserve' }>
): Promise<OpResult> {
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
export async function take(
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

export async function give(trx: Db, s: LedgerStatements, payer: Payer, amount: number): Promise<void> {
  if (amount <= 0) return
  if (limitedToken(payer)) await s.giveToken.run(trx, [amount, payer.tokenId])
  await s.giveUser.run(trx, [amount, payer.userId])
}

/** The usage row of a settlement, with what was collected (and a note of what could not be). */
export async function writeSettlementLog(
  trx: Db,
  s: LedgerStatements,
  logsInMainDb: boolean,
  settlement: Settlement,
  charge: number,
  collected: number
): Promise<void> {
  if (!settlement.log) return
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

/** Into the logs table, or into the outbox when logs live in another database (LOG_SQL_DSN). */
export async function writeLog(trx: Db, s: LedgerStatements, logsInMainDb: boolean, row: LogRow): Promise<void> {
  if (logsInMainDb) await s.insertLog.run(trx, logValues(row))
  else await s.insertOutbox.run(trx, [JSON.stringify(row)])
}

/** Takes as much of `amount` as both balances allow; answers what was taken. */
export async function takeUpTo(trx: Db, s: LedgerStatements, payer: Payer, amount: number): Promise<number> {
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
