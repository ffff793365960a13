import type { Env } from '../env.ts'
import { OnceKeys } from '../lib/once-keys.ts'
import { KeyTurns } from '../relay/pick-channel-key.ts'
import { ResetTokens } from '../services/auth/reset-tokens.ts'
import { CHANNEL_RUN_METHODS, ChannelRunBoard } from '../services/channels/channel-run-board.ts'
import { createRateLimiters, rateLimitSettingsFrom } from '../services/ratelimit/rate-limiters.ts'
import { VerificationCodes } from '../services/verification/verification-codes.ts'
import { HOSTED, LIMITER_METHODS, limiterName } from './hosted-names.ts'

/**
 * The in-memory stores that every worker of one machine must share, kept by the cluster primary:
 * rate-limit counters, one-time email codes, reset tokens, once-only keys (OAuth states, quota
 * warnings), the turns of multi-key channels and the fleet runs' board (whose progress every worker
 * reports, with or without Redis). They are the same classes a single process uses on its own; with Redis configured the
 * workers use Redis instead and none of this is asked.
 */
export class HostedState {
  private readonly targets = new Map<string, { target: object; methods: ReadonlySet<string> }>()
  private readonly channelRuns = new ChannelRunBoard()

  constructor(env: Env) {
    const limiters = createRateLimiters(rateLimitSettingsFrom(env))
    for (const [field, limiter] of Object.entries(limiters))
      if (limiter) this.host(limiterName(field as keyof typeof limiters), limiter, LIMITER_METHODS)
    this.host(HOSTED.codes, new VerificationCodes(), ['issue', 'consume'])
    this.host(HOSTED.resetTokens, new ResetTokens(), ['issue', 'consume'])
    this.host(HOSTED.once, new OnceKeys(), ['claim'])
    this.host(HOSTED.keyTurns, new KeyTurns(), ['take'])
    this.host(HOSTED.channelRuns, this.channelRuns, CHANNEL_RUN_METHODS)
  }

  /** A worker exited: fleet runs it was doing end where they got to. */
  workerGone(pid: number): void {
    this.channelRuns.ownerGone(pid)
  }

  /** Runs one call; a name or method that is not hosted is refused rather than looked up. */
  async answer(name: string, method: string, args: unknown[]): Promise<unknown> {
    const hosted = this.targets.get(name)
    if (!hosted || !hosted.methods.has(method)) throw new Error(`no hosted ${name}.${method}`)
    const call = (hosted.target as Record<string, (...values: unknown[]) => unknown>)[method]
    return await call!.apply(hosted.target, args)
  }

  private host(name: string, target: object, methods: readonly string[]): void {
    this.targets.set(name, { target, methods: new Set(methods) })
  }
}
