import { isLogContentKey, type Log, type LogContentParams } from '@gateway/shared'
import type { TFunction } from 'i18next'
import { parseOther } from './log-format'

const isParams = (value: unknown): value is LogContentParams =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/**
 * A log row's text in the console's language, rendered from the key and parameters the server
 * kept in `other`. The stored `content` (in the server's language) stands when the row has no key,
 * or a key or an appended sentence this console does not know: better the server's words than half a text.
 */
export function logContentText(log: Pick<Log, 'content' | 'other'>, t: TFunction<'logs'>): string {
  const other = parseOther(log.other)
  const parts = [
    { key: other.content_key, params: other.content_params },
    ...(Array.isArray(other.content_more) ? other.content_more : []),
  ]
  if (!parts.every((part) => isLogContentKey(part?.key) && (part.params === undefined || isParams(part.params))))
    return log.content
  // Keys are checked against the shared list above; the locale files carry a text for each (tested).
  return parts.map((part) => t(`text.${part.key}` as 'text.log.consume_price', part.params ?? {})).join('')
}
