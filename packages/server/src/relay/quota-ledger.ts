import type { Kysely } from 'kysely'
import type { DialectName } from '../db/dsn.ts'
import { rawStatement } from '../db/raw-statement.ts'
import type { Database } from '../db/schema/index.ts'

/** Who pays: the user always, the token unless it is unlimited or absent (the playground). */
export interface Payer {
  userId: number
  tokenId?: number
  tokenUnlimited: boolean
}

/**
 * The only code that moves quota for relayed requests. Every movement is one conditional UPDATE
 * (`... WHERE quota >= ?`), never a read followed by a write, so concurrent requests cannot
 * spend the same quota twice and no balance goes below zero.
 */
interface PendingSettlement {
  payer: Payer
  reserved: number
  charge: number
  now: number
  done: (collected: number) => void
  fail: (error: unknown) => void
}

export class QuotaLedger {
  private readonly db: Kysely<Database>
  /** SQLite has one writer: settlements queue up and commit together (one commit for many requests). */
  private readonly batchSettlements: boolean
  private queue: PendingSettlement[] = []
  private flushScheduled = false
  private readonly reserveReturning
  private readonly take
  private readonly give
  private readonly readQuota
  private readonly takeToken
  private readonly giveToken
  private readonly readToken
  private readonly settleUser
  private readonly settleToken
  private readonly recordToken

  constructor(db: Kysely<Database>, dialect: DialectName) {
    this.db = db
    this.batchSettlements = dialect === 'sqlite'
    // SQLite and PostgreSQL tell the balance left in the same statement; MySQL has no RETURNING.
    this.reserveReturning = dialect === 'mysql' ? undefined : rawStatement(dialect, 'UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ? RETURNING quota')
    this.take = rawStatement(dialect, 'UPDATE users SET quota = quota - ? WHERE id = ? AND quota >= ?')
    this.give = rawStatement(dialect, 'UPDATE users SET quota = quota + ? WHERE id = ?')
    this.readQuota = rawStatement(dialect, 'SELECT quota FROM users WHERE id = ?')
    this.takeToken = rawStatement(dialect, 'UPDATE tokens SET remain_quota = remain_quota - ? WHERE id = ? AND remain_quota >= ?')
    this.giveToken = rawStatement(dialect, 'UPDATE tokens SET remain_quota = remain_quota + ? WHERE id = ?')
    this.readToken = rawStatement(dialect, 'SELECT remain_quota FROM tokens WHERE id = ?')
    // Settling gives back (a negative take) or keeps the reservation and records the use in one statement per row.
    this.settleUser = rawStatement(dialect, 'UPDATE users SET quota = quota - ?, used_quota = used_quota + ?, request_count = request_count + 1 WHERE id = ?')
    this.settleToken = rawStatement(dialect, 'UPDATE tokens SET remain_quota = remain_quota - ?, used_quota = used_quota + ?, accessed_time = ? WHERE id = ?')
    this.recordToken = rawStatement(dialect, 'UPDATE tokens SET used_quota = used_quota + ?, accessed_time = ? WHERE id = ?')
  }

  /**
   * Holds `amount` before the upstream call: from the token (when limited) and then the user.
   * Returns which side could not pay, or undefined when both did.
   */
  async reserve(payer: Payer, amount: number): Promise<{ shortfall?: 'token' | 'user'; balanceAfter?: number }> {
    if (amount <= 0) return {}
    const limited = payer.tokenId !== undefined && !payer.tokenUnlimited
    if (limited && (await this.takeToken.run(this.db, [amount, payer.tokenId, amount])).changed === 0) return { shortfall: 'token' }
    let taken: boolean
    let balanceAfter: number | undefined
    if (this.reserveReturning) {
      const { rows } = await this.reserveReturning.run<{ quota: number }>(this.db, [amount, payer.userId, amount])
      taken = rows.length > 0
      balanceAfter = taken ? Number(rows[0]?.quota) : undefined
    } else {
      taken = (await this.take.run(this.db, [amount, payer.userId, amount])).changed > 0
    }
    if (!taken) {
      if (limited) await this.giveToken.run(this.db, [amount, payer.tokenId])
      return { shortfall: 'user' }
    }
    return { balanceAfter }
  }

  /** The user's balance now. */
  async balance(userId: number): Promise<number> {
    const { rows } = await this.readQuota.run<{ quota: number }>(this.db, [userId])
    return Number(rows[0]?.quota ?? 0)
  }

  /** Gives a reservation back in full (the request failed). */
  async refund(payer: Payer, amount: number): Promise<void> {
    if (amount <= 0) return
    await this.give.run(this.db, [amount, payer.userId])
    if (payer.tokenId !== undefined && !payer.tokenUnlimited) await this.giveToken.run(this.db, [amount, payer.tokenId])
  }

  /**
   * Turns a reservation into the final charge. A charge above the reservation takes the
   * difference only as far as the balances reach (never below zero); the amount actually
   * collected is returned, and it is what the usage log records.
   */
  settle(payer: Payer, reserved: number, charge: number, now: number): Promise<number> {
    if (!this.batchSettlements) return this.applySettlement(this.db, payer, reserved, charge, now)
    return new Promise((done, fail) => {
      this.queue.push({ payer, reserved, charge, now, done, fail })
      if (!this.flushScheduled) {
        this.flushScheduled = true
        setImmediate(() => void this.flushSettlements())
      }
    })
  }

  /** Commits the queued settlements in one transaction; if that fails, one by one, so none is lost. */
  private async flushSettlements(): Promise<void> {
    this.flushScheduled = false
    const batch = this.queue
    this.queue = []
    if (batch.length === 0) return
    try {
      const results = await this.db.transaction().execute(async (trx) => {
        const collected: number[] = []
        for (const item of batch) collected.push(await this.applySettlement(trx, item.payer, item.reserved, item.charge, item.now))
        return collected
      })
      batch.forEach((item, index) => item.done(results[index] as number))
    } catch {
      for (const item of batch) {
        await this.applySettlement(this.db, item.payer, item.reserved, item.charge, item.now).then(item.done, item.fail)
      }
    }
  }

  private async applySettlement(db: Kysely<Database>, payer: Payer, reserved: number, charge: number, now: number): Promise<number> {
    const delta = charge - reserved
    // Only a charge above the reservation needs the careful path; giving back is always possible.
    const collected = delta > 0 ? reserved + (await this.takeUpTo(db, payer, delta)) : charge
    const giveBack = Math.min(0, delta)
    await this.settleUser.run(db, [giveBack, collected, payer.userId])
    if (payer.tokenId === undefined) return collected
    if (payer.tokenUnlimited) await this.recordToken.run(db, [collected, now, payer.tokenId])
    else await this.settleToken.run(db, [giveBack, collected, now, payer.tokenId])
    return collected
  }

  /** Takes as much of `amount` as both balances allow, atomically per row; returns what was taken. */
  private async takeUpTo(db: Kysely<Database>, payer: Payer, amount: number): Promise<number> {
    const limited = payer.tokenId !== undefined && !payer.tokenUnlimited
    let wanted = amount
    if (limited) wanted = await this.takeAvailable(db, this.takeToken, this.readToken, 'remain_quota', payer.tokenId as number, wanted)
    const taken = await this.takeAvailable(db, this.take, this.readQuota, 'quota', payer.userId, wanted)
    if (limited && taken < wanted) await this.giveToken.run(db, [wanted - taken, payer.tokenId])
    return taken
  }

  private async takeAvailable(
    db: Kysely<Database>,
    take: ReturnType<typeof rawStatement>,
    read: ReturnType<typeof rawStatement>,
    column: string,
    id: number,
    amount: number,
  ): Promise<number> {
    // Compare-and-take: a concurrent change between the read and the update makes the update
    // miss, and the loop reads again. A handful of rounds settles any realistic contention.
    let wanted = amount
    for (let round = 0; round < 20 && wanted > 0; round++) {
      if ((await take.run(db, [wanted, id, wanted])).changed > 0) return wanted
      const { rows } = await read.run<Record<string, number>>(db, [id])
      wanted = Math.min(wanted, Math.max(0, Number(rows[0]?.[column] ?? 0)))
    }
    return 0
  }
}
