import type { LedgerStatements } from '../../db/queries/ledger.ts'
import { BalanceMoves, give, limitedToken, reserve, takeUpTo, writeSettlementLog, type Db } from './balance-ops.ts'
import {
  HoldKind,
  LEASE_HEADROOM,
  type Hold,
  type JournalEntry,
  type LeaseTake,
  type LedgerOp,
  type OpResult,
  type Settlement,
} from './ledger-types.ts'

/**
 * Takes a lease from token (when limited) and user, each only if its balance is LEASE_HEADROOM
 * times the size, and makes or grows its row. Refused: gives back what the lease holds unused and
 * takes the request's own hold instead, in the same transaction.
 */
export async function lease(trx: Db, s: LedgerStatements, take: LeaseTake): Promise<OpResult> {
  const { payer, size } = take
  const limited = limitedToken(payer)
  const ample = size * LEASE_HEADROOM
  let granted = false
  let balanceAfter: number | undefined
  if (size > 0 && (!limited || (await s.takeToken.run(trx, [size, payer.tokenId, ample])).changed > 0)) {
    if (s.takeUserReturning) {
      const { rows } = await s.takeUserReturning.run<{ quota: number }>(trx, [size, payer.userId, ample])
      granted = rows.length > 0
      if (granted) balanceAfter = Number(rows[0]?.quota)
    } else granted = (await s.takeUser.run(trx, [size, payer.userId, ample])).changed > 0
    if (!granted && limited) await s.giveToken.run(trx, [size, payer.tokenId])
  }
  if (granted) {
    const grown = !take.create && (await growLease(trx, s, take, limited))
    if (!grown) {
      const { label } = take
      await s.insertHoldOfKind.run(trx, [
        take.id,
        take.owner,
        payer.userId,
        payer.tokenId ?? 0,
        limited ? 1 : 0,
        size,
        take.now,
        label.username,
        label.tokenName,
        '',
        label.group,
        '',
        HoldKind.lease,
        '',
      ])
    }
    return { granted: true, balanceAfter }
  }
  if (take.giveBack > 0 && (await s.shrinkLease.run(trx, [take.giveBack, take.id, take.giveBack])).changed > 0)
    await give(trx, s, payer, take.giveBack)
  if (!take.fallback) return { granted: false }
  const fallback = await reserve(trx, s, {
    kind: 'reserve',
    hold: take.fallback.hold,
    label: take.fallback.label,
    owner: take.owner,
    now: take.now,
  })
  return { ...fallback, granted: false }
}

/**
 * Grows the lease's row. A row no longer bound to its token (the token's limit was set anew since,
 * tokens.ts) keeps this growth off the token too: what was just taken from it goes back at once.
 */
async function growLease(trx: Db, s: LedgerStatements, take: LeaseTake, limited: boolean): Promise<boolean> {
  if ((await s.growLease.run(trx, [take.size, take.id, limited ? 1 : 0])).changed > 0) return true
  if (!limited || (await s.growLease.run(trx, [take.size, take.id, 0])).changed === 0) return false
  await s.giveToken.run(trx, [take.size, take.payer.tokenId])
  return true
}

/** The rows of covered requests still running: what a crash would leave of them. */
export async function journal(trx: Db, s: LedgerStatements, entries: JournalEntry[]): Promise<OpResult> {
  for (const { hold, label, owner, now } of entries) {
    const { payer } = hold
    await s.insertHoldOfKind.run(trx, [
      hold.id,
      owner,
      payer.userId,
      payer.tokenId ?? 0,
      limitedToken(payer) ? 1 : 0,
      hold.amount,
      now,
      label.username,
      label.tokenName,
      label.model,
      label.group,
      label.requestId ?? '',
      HoldKind.covered,
      hold.lease ?? '',
    ])
    // Its settlement deletes the row from now on; a batch that does not commit sets this back.
    hold.journaled = true
  }
  return {}
}

/** Gives part of a lease back, or all that is left of it (closing it). */
export async function unlease(
  trx: Db,
  s: LedgerStatements,
  op: Extract<LedgerOp, { kind: 'unlease' }>
): Promise<OpResult> {
  const row = (await s.readLease.run<{ amount: number; token_limited: number }>(trx, [op.id])).rows[0]
  if (!row) return {}
  // A token whose limit was set anew since (tokens.ts) does not get back what the lease took from its old one.
  const payer = limitedToken(op.payer) && !Number(row.token_limited) ? { ...op.payer, tokenUnlimited: true } : op.payer
  let left = Number(row.amount)
  if (op.amount > 0 && (await s.shrinkLease.run(trx, [op.amount, op.id, op.amount])).changed > 0) {
    await give(trx, s, payer, op.amount)
    left -= op.amount
  }
  if (op.close && (await s.deleteHold.run(trx, [op.id])).changed > 0) await give(trx, s, payer, left)
  return {}
}

/**
 * A covered request's settlement: its row (if written) goes, the charge comes out of the lease
 * (once: the lease's seq), the part of it that was not used stays in the lease, and a charge above
 * the request's share takes the rest from the balances as far as they reach. A lease that is gone
 * (swept) or already charged with this settlement changes nothing.
 */
export async function settleCovered(
  trx: Db,
  s: LedgerStatements,
  logsInMainDb: boolean,
  hold: Hold,
  settlement: Settlement,
  seq: number,
  moves: BalanceMoves
): Promise<OpResult> {
  if (hold.journaled && (await s.deleteHold.run(trx, [hold.id])).changed === 0) return {}
  const charge = Math.max(0, settlement.charge)
  const fromLease = Math.min(charge, hold.amount)
  const charged = await s.chargeLease.run(trx, [fromLease, seq, hold.lease, seq, fromLease])
  if (charged.changed === 0) return { leaseGone: true }
  let collected = fromLease
  if (charge > hold.amount) {
    await moves.write(trx, s)
    collected += await takeUpTo(trx, s, hold.payer, charge - hold.amount)
  }
  // Nothing returns to the balances: what the request did not use stays in the lease.
  moves.add(hold.payer, 0, collected, settlement.now)
  await writeSettlementLog(trx, s, logsInMainDb, settlement, charge, collected)
  return { collected }
}
