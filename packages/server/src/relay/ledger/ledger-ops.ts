import type { LedgerStatements } from '../../db/queries/ledger.ts'
import { BalanceMoves, give, reserve, take, takeUpTo, writeLog, writeSettlementLog, type Db } from './balance-ops.ts'
import { journal, lease, settleCovered, unlease } from './lease-ops.ts'
import type { Hold, LedgerOp, OpResult, Settlement } from './ledger-types.ts'

export * from './ledger-types.ts'

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
    if (op.kind !== 'settle' && op.kind !== 'journal') await moves.write(trx, s)
    if (op.kind === 'barrier') results.push({})
    else if (op.kind === 'reserve') results.push(await reserve(trx, s, op))
    else if (op.kind === 'grow') results.push({ shortfall: await take(trx, s, op.hold.payer, op.extra, op.hold.id) })
    else if (op.kind === 'lease') results.push(await lease(trx, s, op.lease))
    else if (op.kind === 'journal') results.push(await journal(trx, s, op.entries))
    else if (op.kind === 'unlease') results.push(await unlease(trx, s, op))
    else if (op.kind === 'release') {
      const { hold } = op
      // A covered request's row only records it; its money is in the lease and stays there.
      const written = !hold.lease || hold.journaled === true
      if (written && (await s.deleteHold.run(trx, [hold.id])).changed > 0) {
        if (!hold.lease) await give(trx, s, hold.payer, hold.amount)
        if (op.log) await writeLog(trx, s, logsInMainDb, op.log)
      }
      results.push({})
    } else {
      const outcome = op.hold.lease
        ? await settleCovered(trx, s, logsInMainDb, op.hold, op.settlement, op.seq ?? 0, moves)
        : { collected: await settle(trx, s, logsInMainDb, op.hold, op.settlement, moves) }
      results.push(outcome)
      const { collected } = outcome
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

/** A fixed order of buckets, so concurrent transactions touch quota_data rows in the same order. */
const byBucket = (x: QuotaBucket, y: QuotaBucket): number => {
  const a = [x.userId, x.model, x.hour, x.group, x.tokenId, x.channelId, x.node]
  const b = [y.userId, y.model, y.hour, y.group, y.tokenId, y.channelId, y.node]
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i]) return (a[i] as number | string) < (b[i] as number | string) ? -1 : 1
  return 0
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
  await writeSettlementLog(trx, s, logsInMainDb, settlement, charge, collected)
  return collected
}
