import { isDatabaseUnavailable } from '../db/errors.ts'
import type { Language } from '../i18n/messages.ts'
import { countDatabaseError } from '../metrics/process-errors.ts'
import { openAIErrorBody } from '../providers/openai/openai-error-frame.ts'
import { relayMessage, type RelayMessageKey } from './relay-messages.ts'

export type RelayErrorType =
  'invalid_request_error' | 'authentication_error' | 'permission_error' | 'new_api_error' | 'upstream_error'

/**
 * An error of the relay surface, answered in the OpenAI shape with a real HTTP status. `local`
 * errors are the gateway's own decisions; the others came from an upstream and may be retried on
 * another channel when `retryable`.
 */
export class RelayError extends Error {
  readonly status: number
  readonly type: RelayErrorType
  readonly code: string
  readonly local: boolean
  readonly retryable: boolean
  readonly messageKey: RelayMessageKey | undefined
  readonly params: Record<string, string | number>
  /** the request field the error is about, as OpenAI's `param` names it */
  readonly param: string

  constructor(options: {
    status: number
    type: RelayErrorType
    code: string
    messageKey?: RelayMessageKey
    params?: Record<string, string | number>
    /** a message already fit to show (an upstream's, sanitised) */
    message?: string
    local?: boolean
    retryable?: boolean
    param?: string
  }) {
    super(options.message ?? options.messageKey ?? options.code)
    this.status = options.status
    this.type = options.type
    this.code = options.code
    this.messageKey = options.messageKey
    this.params = options.params ?? {}
    this.local = options.local ?? true
    this.retryable = options.retryable ?? false
    this.param = options.param ?? ''
  }

  text(language: Language): string {
    return this.messageKey ? relayMessage(this.messageKey, language, this.params) : this.message
  }
}

export const localError = (
  status: number,
  code: string,
  messageKey: RelayMessageKey,
  params?: Record<string, string | number>,
  type: RelayErrorType = 'new_api_error'
) => new RelayError({ status, type, code, messageKey, params })

/** `{error:{message,type,param,code}}` with the request id in the message, as OpenAI clients expect. */
export function toOpenAIErrorBody(error: RelayError, language: Language, requestId: string) {
  return openAIErrorBody(error, language, requestId)
}

/**
 * Any thrown value as the relay's error: a RelayError as it is, a database that cannot be reached
 * as a 503 that says so (not an upstream failure, so clients and their retries read it right),
 * anything else as an internal error (the caller logs it). `internal` tells which.
 */
export function toRelayError(error: unknown): { error: RelayError; internal: boolean } {
  if (error instanceof RelayError) return { error, internal: false }
  if (isDatabaseUnavailable(error) || (error instanceof Error && isDatabaseUnavailable(error.cause))) {
    countDatabaseError('relay')
    return { error: localError(503, 'database_unavailable', 'db.unavailable'), internal: false }
  }
  return {
    error: new RelayError({
      status: 500,
      type: 'new_api_error',
      code: 'internal_error',
      messageKey: 'request.internal',
    }),
    internal: true,
  }
}
