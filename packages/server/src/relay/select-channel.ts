import type { Candidate } from './cache/channel-cache.ts'

/** Each candidate's share inside a priority level is its weight plus this, so weight 0 still gets traffic. */
export const WEIGHT_SMOOTHING = 10

/**
 * Picks the channel for attempt `retryIndex`: the retryIndex-th priority level from the top
 * (clamped to the lowest), weighted random inside it. Channels already tried in this request are
 * skipped; when a level has none left, lower levels are used.
 */
export function selectChannel(
  levels: Candidate[][],
  retryIndex: number,
  tried: ReadonlySet<number>,
  random: () => number = Math.random
): Candidate | undefined {
  if (levels.length === 0) return undefined
  for (let level = Math.min(retryIndex, levels.length - 1); level < levels.length; level++) {
    const pool = (levels[level] ?? []).filter((c) => !tried.has(c.channel.id))
    if (pool.length === 0) continue
    const total = pool.reduce((sum, c) => sum + Math.max(0, c.weight) + WEIGHT_SMOOTHING, 0)
    let point = random() * total
    for (const candidate of pool) {
      point -= Math.max(0, candidate.weight) + WEIGHT_SMOOTHING
      if (point < 0) return candidate
    }
    return pool[pool.length - 1]
  }
  return undefined
}

/** gpt-4-gizmo-* style models are routed by their family name, like they are priced. */
export function routingModelName(model: string): string {
  if (model.startsWith('gpt-4-gizmo')) return 'gpt-4-gizmo-*'
  if (model.startsWith('gpt-4o-gizmo')) return 'gpt-4o-gizmo-*'
  return model
}
