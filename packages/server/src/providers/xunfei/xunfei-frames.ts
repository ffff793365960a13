import type { Usage } from '../types.ts'
import type { XunfeiFrame } from './xunfei-api.ts'

/** Spark's error codes for a refused key or signature (11200 license, 10013 audit). */
export function xunfeiErrorStatus(code: number): number {
  if (code === 11200 || code === 11201 || code === 10005 || code === 10006 || code === 10007) return 401
  if (code === 11202 || code === 11203 || code === 10008) return 429
  if (code === 10013 || code === 10014 || code === 10019) return 400
  return 502
}

/** A frame's failure, when its header carries a code other than 0. */
export function frameError(frame: XunfeiFrame): { code: number; message: string } | undefined {
  const code = frame.header?.code
  return typeof code === 'number' && code !== 0
    ? { code, message: frame.header?.message ?? `Spark error ${code}` }
    : undefined
}

export const frameText = (frame: XunfeiFrame) =>
  (frame.payload?.choices?.text ?? []).map((part) => part.content ?? '').join('')

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0

/** The usage the last frame reports (Spark sends it once, with status 2). */
export function frameUsage(frame: XunfeiFrame): Usage | undefined {
  const usage = frame.payload?.usage?.text
  if (!usage || typeof usage.prompt_tokens !== 'number') return undefined
  return { promptTokens: count(usage.prompt_tokens), completionTokens: count(usage.completion_tokens) }
}
