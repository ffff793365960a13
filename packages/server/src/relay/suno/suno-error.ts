import { translate, type Language, type MessageKey, type MessageParams } from '../../i18n/messages.ts'
import { RelayError } from '../relay-error.ts'

/**
 * A refusal of the Suno task surface that is the gateway's own (bad input, unknown task). Upstream
 * failures and token or quota refusals stay RelayErrors; both answer in the task shape.
 */
export class SunoError extends Error {
  readonly status: number
  readonly code: string
  readonly messageKey: MessageKey
  readonly params: MessageParams

  constructor(status: number, code: string, messageKey: MessageKey, params: MessageParams = {}) {
    super(messageKey)
    this.status = status
    this.code = code
    this.messageKey = messageKey
    this.params = params
  }
}

/** The body Suno clients read: `{code, message, data}`; `code` is "success" only when it worked. */
export interface SunoTaskBody {
  code: string
  message: string
  data: unknown
}

/** An error as the task shape and its HTTP status, or undefined for errors that are not ours to describe. */
export function sunoErrorBody(
  error: unknown,
  language: Language,
  requestId: string
): { status: number; body: SunoTaskBody } | undefined {
  if (error instanceof SunoError) {
    return {
      status: error.status,
      body: {
        code: error.code,
        message: `${translate(error.messageKey, language, error.params)} (request id: ${requestId})`,
        data: null,
      },
    }
  }
  if (error instanceof RelayError) {
    return {
      status: error.status,
      body: { code: error.code, message: `${error.text(language)} (request id: ${requestId})`, data: null },
    }
  }
  return undefined
}
