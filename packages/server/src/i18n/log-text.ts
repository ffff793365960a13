import type { LogContentFields, LogContentKey, LogContentParams, LogContentPart } from '@gateway/shared'
import { relayMessage, type RelayMessageKey } from '../relay/relay-messages.ts'
import { translate, type Language, type MessageKey } from './messages.ts'

/** `relay.*` keys name the relay's own messages (error rows); the others the console catalogue. Both are checked by the tests. */
function render(key: LogContentKey, language: Language, params: LogContentParams = {}): string {
  return key.startsWith('relay.')
    ? relayMessage(key.slice('relay.'.length) as RelayMessageKey, language, params)
    : translate(key as MessageKey, language, params)
}

/**
 * A log row's text: `content` in `language` (DEFAULT_LANGUAGE, as New API writes it) and the
 * fields for `other` from which the console renders the same text in its own language.
 */
export function logText(
  language: Language,
  key: LogContentKey,
  params: LogContentParams = {},
  more: LogContentPart[] = []
): { content: string; fields: LogContentFields } {
  const content = [{ key, params }, ...more].map((part) => render(part.key, language, part.params)).join('')
  return {
    content,
    fields: { content_key: key, content_params: params, ...(more.length > 0 ? { content_more: more } : {}) },
  }
}

/** `other` JSON with `content_more` grown by `part`, for a sentence appended to a row's content after it was built. */
export function appendLogTextPart(other: string | undefined, part: LogContentPart): string | undefined {
  let parsed: unknown
  try {
    parsed = other ? JSON.parse(other) : {}
  } catch {
    // Not ours to rewrite: the stored text still carries the sentence.
    return other
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return other
  const fields = parsed as LogContentFields & Record<string, unknown>
  if (!fields.content_key) return other
  return JSON.stringify({ ...fields, content_more: [...(fields.content_more ?? []), part] })
}

/** The `content` and `other` columns of a log row whose text is `key` with `params`; `other` keeps its own members. */
export function logTextColumns(
  language: Language,
  key: LogContentKey,
  params: LogContentParams = {},
  other: Record<string, unknown> = {}
): { content: string; other: string } {
  const text = logText(language, key, params)
  return { content: text.content, other: JSON.stringify({ ...other, ...text.fields }) }
}
