import type { Usage } from '../services/billing/compute-quota.ts'

/** One minute of audio is billed as 1000 prompt tokens (the reference's rule for speech-to-text). */
export const TOKENS_PER_AUDIO_MINUTE = 1000
/** Without a duration from upstream, audio is assumed to be 128 kbit/s: 16,000 bytes per second. */
const ASSUMED_BYTES_PER_SECOND = 16_000

export const audioSecondsToTokens = (seconds: number) => Math.round((Math.ceil(seconds) * TOKENS_PER_AUDIO_MINUTE) / 60)

/** Seconds of an upload estimated from its size, when upstream does not say. */
export const estimatedAudioSeconds = (bytes: number) => Math.max(1, Math.ceil(bytes / ASSUMED_BYTES_PER_SECOND))

/**
 * Usage of a transcription or translation answer: OpenAI reports `usage: {type: "duration",
 * seconds}` (whisper-1), and verbose_json carries `duration`; token usage (gpt-4o-transcribe) is
 * read by the caller as ordinary usage.
 */
export function transcriptionUsage(answer: { usage?: unknown; duration?: unknown }): Usage | undefined {
  const usage = answer.usage as { type?: unknown; seconds?: unknown } | undefined
  const seconds =
    usage?.type === 'duration' && typeof usage.seconds === 'number'
      ? usage.seconds
      : typeof answer.duration === 'number'
        ? answer.duration
        : undefined
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) return undefined
  return { promptTokens: audioSecondsToTokens(seconds), completionTokens: 0 }
}
