import { LogType, type LogOther } from '@gateway/shared'

export type Tone = 'success' | 'warning' | 'danger'

/** Spec: total time under 101 s is green, under 300 s orange, else red. */
export function useTimeTone(seconds: number): Tone {
  if (seconds < 101) return 'success'
  if (seconds < 300) return 'warning'
  return 'danger'
}

/** Spec: first-token latency under 3 s is green, under 10 s orange, else red. `ms` is milliseconds. */
export function firstTokenTone(ms: number): Tone {
  if (ms < 3000) return 'success'
  if (ms < 10_000) return 'warning'
  return 'danger'
}

/** The `other` JSON of a log row; {} when it is empty or not an object. */
export function parseOther(text: string): LogOther {
  if (!text) return {}
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LogOther) : {}
  } catch {
    return {}
  }
}

/** Badge variant of each log type. */
export function typeVariant(type: number): 'info' | 'success' | 'warning' | 'purple' | 'danger' | 'muted' {
  switch (type) {
    case LogType.topUp:
      return 'info'
    case LogType.consume:
      return 'success'
    case LogType.manage:
      return 'warning'
    case LogType.system:
      return 'purple'
    case LogType.error:
      return 'danger'
    case LogType.refund:
      return 'info'
    default:
      return 'muted'
  }
}

/** A ratio or price without float noise: 2.5, 0.125, 3 */
export const num = (value: number): string => String(Number(value.toFixed(6)))

/** US dollars per million tokens for a model ratio (ratio 1 = $2 / 1M tokens). */
export const perMillion = (ratio: number): number => ratio * 2

export interface PricingLine {
  key:
    | 'perCall'
    | 'perToken'
    | 'userGroupRatio'
    | 'inputPrice'
    | 'outputPrice'
    | 'cache'
    | 'cacheCreation'
    | 'audio'
    | 'text'
    | 'firstToken'
    | 'mapping'
    | 'reasoning'
    | 'claude'
    | 'ws'
  values: Record<string, string | number>
}

/**
 * The pricing explanation of a log row, as message keys with their values (the caller
 * translates them): ratios or the per-call price, prices per million tokens, cache, audio,
 * first-token latency, model mapping and reasoning effort. Only what `other` carries is listed.
 */
export function pricingLines(
  other: LogOther,
  row: { model_name: string; prompt_tokens: number; completion_tokens: number }
): PricingLine[] {
  const lines: PricingLine[] = []
  const group =
    other.user_group_ratio !== undefined && other.user_group_ratio >= 0
      ? other.user_group_ratio
      : (other.group_ratio ?? 1)
  if (other.model_price !== undefined && other.model_price >= 0) {
    lines.push({
      key: 'perCall',
      values: { price: num(other.model_price), group: num(group), total: num(other.model_price * group) },
    })
  } else if (other.model_ratio !== undefined) {
    const completion = other.completion_ratio ?? 1
    lines.push({
      key: 'perToken',
      values: { model: num(other.model_ratio), completion: num(completion), group: num(group) },
    })
    lines.push({
      key: 'inputPrice',
      values: { tokens: row.prompt_tokens, price: num(perMillion(other.model_ratio) * group) },
    })
    lines.push({
      key: 'outputPrice',
      values: { tokens: row.completion_tokens, price: num(perMillion(other.model_ratio) * completion * group) },
    })
  }
  if (other.user_group_ratio !== undefined && other.user_group_ratio >= 0)
    lines.push({ key: 'userGroupRatio', values: { ratio: num(other.user_group_ratio) } })
  if (other.cache_tokens)
    lines.push({ key: 'cache', values: { tokens: other.cache_tokens, ratio: num(other.cache_ratio ?? 1) } })
  if (other.cache_creation_tokens) {
    lines.push({
      key: 'cacheCreation',
      values: { tokens: other.cache_creation_tokens, ratio: num(other.cache_creation_ratio ?? 1) },
    })
  }
  if (other.audio || other.audio_input || other.audio_output) {
    lines.push({
      key: 'audio',
      values: {
        input: other.audio_input ?? 0,
        output: other.audio_output ?? 0,
        ratio: num(other.audio_ratio ?? 1),
        completion: num(other.audio_completion_ratio ?? 1),
      },
    })
    lines.push({ key: 'text', values: { input: other.text_input ?? 0, output: other.text_output ?? 0 } })
  }
  if (other.frt !== undefined && other.frt > 0)
    lines.push({ key: 'firstToken', values: { value: num(other.frt / 1000) } })
  if (other.is_model_mapped && other.upstream_model_name) {
    lines.push({ key: 'mapping', values: { from: row.model_name, to: other.upstream_model_name } })
  }
  if (other.reasoning_effort) lines.push({ key: 'reasoning', values: { value: other.reasoning_effort } })
  if (other.claude) lines.push({ key: 'claude', values: {} })
  if (other.ws) lines.push({ key: 'ws', values: {} })
  return lines
}

/** The channels an admin's log row went through, in order (from admin_info.use_channel). */
export function retryPath(other: LogOther): string[] {
  const used = other.admin_info?.use_channel
  return Array.isArray(used) ? used.map(String) : []
}
