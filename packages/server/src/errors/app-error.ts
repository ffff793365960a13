import type { ErrorCode } from '@gateway/shared'
import type { MessageKey, MessageParams } from '../i18n/messages.ts'

/**
 * An error a caller can act on. It names a message key rather than a sentence so that the one
 * envelope mapper can answer in the client's language.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly messageKey: MessageKey
  readonly params: MessageParams

  constructor(code: ErrorCode, messageKey: MessageKey, params: MessageParams = {}, options?: { cause?: unknown }) {
    super(messageKey, options)
    this.name = 'AppError'
    this.code = code
    this.messageKey = messageKey
    this.params = params
  }
}
