import type { OpenAIToolCall } from '../openai-chat-api.ts'
import type { GeminiPart } from './gemini-api.ts'

/**
 * Gemini's thinking models sign their function calls and want the signature back with the call.
 * On the OpenAI side it travels where Google's OpenAI-compatible API puts it:
 * `tool_calls[].extra_content.google.thought_signature`.
 */

/** The signature an OpenAI tool call carries, if any. */
export function signatureOf(call: Pick<OpenAIToolCall, 'extra_content'>): string | undefined {
  const signature = call.extra_content?.google?.thought_signature
  return typeof signature === 'string' && signature !== '' ? signature : undefined
}

/** The tool call field that carries `signature` (nothing without one), to spread into a call. */
export function withSignature(signature: string | undefined): Pick<OpenAIToolCall, 'extra_content'> {
  return signature ? { extra_content: { google: { thought_signature: signature } } } : {}
}

/**
 * Google's documented stand-in signature, for function calls whose real one the client did not keep
 * (an OpenAI client drops unknown fields, or the history comes from another model).
 */
export const THOUGHT_SIGNATURE_BYPASS = 'skip_thought_signature_validator'

/**
 * Gemini's thinking models refuse a model turn whose function calls carry no thought signature
 * ("Function call is missing a thought_signature"). The first call of a turn is the one checked: it
 * keeps the client's signature when one came back, and gets the stand-in otherwise.
 */
export function signFunctionCalls(turn: GeminiPart[]): void {
  const first = turn.find((part) => part.functionCall)
  if (first && !first.thoughtSignature) first.thoughtSignature = THOUGHT_SIGNATURE_BYPASS
}
