import { errorCodeToStatus, fail, type ApiEnvelope } from '@gateway/shared'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod'
import { isDatabaseUnavailable } from '../db/errors.ts'
import { isMessageKey, translate, type Language } from '../i18n/messages.ts'
import { countDatabaseError } from '../metrics/process-errors.ts'
import { AppError } from './app-error.ts'

export interface EnvelopeAnswer {
  status: ContentfulStatusCode
  body: ApiEnvelope<never>
  /** true when the error was not expected and must be logged */
  unexpected: boolean
}

/** The one place that turns any thrown value into a console API error envelope. */
export function toEnvelope(error: unknown, language: Language): EnvelopeAnswer {
  if (error instanceof AppError) {
    return {
      status: errorCodeToStatus[error.code],
      body: fail(error.code, translate(error.messageKey, language, error.params)),
      unexpected: false,
    }
  }
  if (error instanceof ZodError) {
    return {
      status: errorCodeToStatus.BAD_REQUEST,
      body: fail('BAD_REQUEST', zodMessage(error, language)),
      unexpected: false,
    }
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) {
      return {
        status: 413,
        body: fail('PAYLOAD_TOO_LARGE', translate('common.payload_too_large', language)),
        unexpected: false,
      }
    }
    if (error.status < 500) {
      return {
        status: errorCodeToStatus.BAD_REQUEST,
        body: fail('BAD_REQUEST', translate('common.bad_request', language)),
        unexpected: false,
      }
    }
  }
  if (isDatabaseUnavailable(error)) {
    countDatabaseError('api')
    return {
      status: 503,
      body: fail('SERVICE_UNAVAILABLE', translate('common.database_unavailable', language)),
      unexpected: false,
    }
  }
  return { status: 500, body: fail('INTERNAL_ERROR', translate('common.internal', language)), unexpected: true }
}

/** Shared schemas put message keys in their issues; anything else names the field. */
function zodMessage(error: ZodError, language: Language): string {
  const issue = error.issues[0]
  if (!issue) return translate('common.bad_request', language)
  if (isMessageKey(issue.message)) return translate(issue.message, language)
  const field = issue.path.join('.') || 'body'
  return translate('common.field_invalid', language, { field })
}
