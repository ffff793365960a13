import { MultiKeyMode } from '@gateway/shared'
import type { MultiKeys, RelayChannel } from './cache/channel-cache.ts'

/**
 * The key index a multi-key channel uses next, among its enabled keys not in `skip` (the keys this
 * request already tried): `random` any of them alike, `polling` the first at or after `cursor`
 * (wrapping), any other mode the lowest. Undefined when none is left. `next` is where polling
 * goes on from.
 */
export function pickKeyIndex(
  keys: MultiKeys,
  cursor: number,
  skip: ReadonlySet<number>,
  random: () => number = Math.random
): { index: number; next: number } | undefined {
  const candidates = keys.enabled.filter((i) => !skip.has(i) && i < keys.keys.length)
  if (candidates.length === 0) return undefined
  const size = keys.keys.length
  if (keys.mode === MultiKeyMode.random) {
    const index = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))] as number
    return { index, next: cursor }
  }
  if (keys.mode === MultiKeyMode.polling) {
    const start = cursor >= 0 && cursor < size ? cursor : 0
    const allowed = new Set(candidates)
    for (let step = 0; step < size; step++) {
      const index = (start + step) % size
      if (allowed.has(index)) return { index, next: (index + 1) % size }
    }
  }
  return { index: candidates[0] as number, next: cursor }
}

/**
 * The polling position of each multi-key channel. A process keeps its own; the workers of one
 * machine share the cluster primary's (hosted-state.ts), so that requests spread over the workers
 * still take the keys in turn. A restart starts from the position stored in channel_info (the
 * reference's, on a taken-over database).
 */
export class KeyTurns {
  private readonly cursors = new Map<number, number>()

  /** The key of this turn: the first of `candidates` at or after the channel's position, which moves past it. */
  take(channelId: number, size: number, candidates: number[], stored: number): number | undefined {
    const picked = pickKeyIndex(
      {
        mode: MultiKeyMode.polling,
        keys: new Array<string>(size),
        enabled: candidates,
        autoDisabled: [],
        pollingIndex: 0,
      },
      this.cursors.get(channelId) ?? stored,
      NOTHING_TRIED
    )
    if (picked) this.cursors.set(channelId, picked.next)
    return picked?.index
  }
}

const NOTHING_TRIED: ReadonlySet<number> = new Set()

/** Where the turns are kept: here, or the cluster primary's KeyTurns. */
type TurnKeeper = { take(...args: Parameters<KeyTurns['take']>): number | undefined | Promise<number | undefined> }

/**
 * Picks the key of each attempt on a multi-key channel. The polling position is kept in memory
 * (KeyTurns), like the reference does with its memory cache on: writing it to the database on
 * every request would put a write on the relay's path for a position that only spreads load.
 * Node runs one request's pick at a time, so no lock is needed; several instances each go round
 * the keys on their own, which still spreads them evenly.
 */
export class KeyPicker {
  private readonly turns: TurnKeeper
  private readonly random: () => number

  constructor(random: () => number = Math.random, turns: TurnKeeper = new KeyTurns()) {
    this.random = random
    this.turns = turns
  }

  /**
   * The channel as this attempt uses it: a single-key channel as it is, a multi-key one as a copy
   * carrying the picked key and its index. Undefined when a multi-key channel has no enabled key
   * left that this request has not tried.
   */
  async forAttempt(
    channel: RelayChannel,
    skip: ReadonlySet<number> = NOTHING_TRIED
  ): Promise<RelayChannel | undefined> {
    const keys = channel.multiKey
    if (!keys) return channel
    let index: number | undefined
    if (keys.mode === MultiKeyMode.polling) {
      const candidates = keys.enabled.filter((i) => !skip.has(i) && i < keys.keys.length)
      if (candidates.length > 0)
        index = await this.turns.take(channel.id, keys.keys.length, candidates, keys.pollingIndex)
    } else index = pickKeyIndex(keys, keys.pollingIndex, skip, this.random)?.index
    if (index === undefined) return undefined
    return { ...channel, key: keys.keys[index] as string, keyIndex: index }
  }

  /** Whether a request that tried these keys of the channel could try another. */
  static hasUntried(channel: RelayChannel, tried: ReadonlySet<number>): boolean {
    return channel.multiKey !== undefined && channel.multiKey.enabled.some((i) => !tried.has(i))
  }
}
