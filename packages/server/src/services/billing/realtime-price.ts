import { add, isZero, multiply, roundToInteger, toDecimal } from './exact-decimal.ts'
import type { Price } from './resolve-price.ts'

/** The tokens one realtime response used, split by modality as OpenAI reports them. */
export interface RealtimeUsage {
  textIn: number
  audioIn: number
  cachedIn: number
  textOut: number
  audioOut: number
}

/**
 * Audio tokens cost more than text: the reference's ratios of audio to text for the realtime
 * models (audio input), and of audio output to audio input.
 */
export function audioRatiosFor(model: string): { audioRatio: number; audioCompletionRatio: number } {
  if (model.includes('mini')) return { audioRatio: 10, audioCompletionRatio: 2 }
  if (model.includes('2024-12-17')) return { audioRatio: 8, audioCompletionRatio: 2 }
  return { audioRatio: 20, audioCompletionRatio: 2 }
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0

/** `response.done`'s usage (input/output tokens with their text, audio and cached parts). */
export function readRealtimeUsage(value: unknown): RealtimeUsage | undefined {
  const usage = value as {
    input_tokens?: unknown
    output_tokens?: unknown
    input_token_details?: { text_tokens?: unknown; audio_tokens?: unknown; cached_tokens?: unknown }
    output_token_details?: { text_tokens?: unknown; audio_tokens?: unknown }
  } | null
  if (!usage || typeof usage.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return undefined
  const audioIn = count(usage.input_token_details?.audio_tokens)
  const audioOut = count(usage.output_token_details?.audio_tokens)
  const textIn =
    usage.input_token_details?.text_tokens === undefined
      ? Math.max(0, count(usage.input_tokens) - audioIn)
      : count(usage.input_token_details.text_tokens)
  const textOut =
    usage.output_token_details?.text_tokens === undefined
      ? Math.max(0, count(usage.output_tokens) - audioOut)
      : count(usage.output_token_details.text_tokens)
  return {
    textIn,
    audioIn,
    cachedIn: Math.min(count(usage.input_token_details?.cached_tokens), textIn + audioIn),
    textOut,
    audioOut,
  }
}

/**
 * One realtime response's quota: (text in − cached + cached × cache ratio + text out × completion
 * ratio + audio in × audio ratio + audio out × audio ratio × audio completion ratio) × model ratio
 * × group ratio, rounded half up, at least 1 when tokens were used. A per-call price is paid once
 * when the session opens, so responses add nothing.
 */
export function realtimeQuota(price: Price, usage: RealtimeUsage, model: string): number {
  if (price.kind === 'per-call') return 0
  const { audioRatio, audioCompletionRatio } = audioRatiosFor(model)
  const cachedText = Math.min(usage.cachedIn, usage.textIn)
  const weighted = add(
    toDecimal(usage.textIn - cachedText),
    multiply(toDecimal(cachedText), toDecimal(price.cacheRatio)),
    multiply(toDecimal(usage.textOut), toDecimal(price.completionRatio)),
    multiply(toDecimal(usage.audioIn), toDecimal(audioRatio)),
    multiply(toDecimal(usage.audioOut), toDecimal(audioRatio), toDecimal(audioCompletionRatio))
  )
  const ratio = multiply(toDecimal(price.modelRatio), toDecimal(price.groupRatio))
  const quota = roundToInteger(multiply(weighted, ratio))
  const used = usage.textIn + usage.audioIn + usage.textOut + usage.audioOut > 0
  if (used && !isZero(ratio) && quota <= 0n) return 1
  return Number(quota)
}
