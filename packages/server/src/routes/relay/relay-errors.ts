import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate } from '../../i18n/messages.ts'
import { anthropicErrorBody } from '../../providers/anthropic/anthropic-error.ts'
import { geminiErrorBody } from '../../providers/gemini/gemini-error.ts'
import { toOpenAIErrorBody, toRelayError } from '../../relay/relay-error.ts'

interface Failure {
  status: ContentfulStatusCode
  body: { error: { message: string; type: string; param: string; code: string } }
}

/** Any failure of a relay call as a status and an OpenAI error body, with the request id. */
function describeFailure(c: Context<HonoEnv>, error: unknown): Failure {
  const language = c.get('language')
  const requestId = c.get('requestId')
  if (error instanceof AppError) {
    const status =
      error.code === 'UNAUTHORIZED' ? 401 : error.code === 'RATE_LIMITED' ? 429 : error.code === 'FORBIDDEN' ? 403 : 400
    const message = `${translate(error.messageKey, language, error.params)} (request id: ${requestId})`
    return { status, body: { error: { message, type: 'new_api_error', param: '', code: error.code.toLowerCase() } } }
  }
  const relayError = toRelayError(error)
  if (relayError.internal)
    c.get('services').logger.error(
      { id: requestId, err: error instanceof Error ? error.stack : String(error) },
      'relay failed'
    )
  return {
    status: relayError.error.status as ContentfulStatusCode,
    body: toOpenAIErrorBody(relayError.error, language, requestId),
  }
}

/**
 * The relay's one error mapper: every failure on /v1 and /pg answers in OpenAI's shape with a
 * real status and the request id, whatever threw it.
 */
export function relayErrorResponse(c: Context<HonoEnv>, error: unknown): Response {
  const failure = describeFailure(c, error)
  return c.json(failure.body, failure.status)
}

/** The same failure in Anthropic's shape, for /v1/messages (Claude Code and the Anthropic SDK read it). */
export function anthropicRelayErrorResponse(c: Context<HonoEnv>, error: unknown): Response {
  const failure = describeFailure(c, error)
  return c.json(anthropicErrorBody(failure.status, failure.body.error.message), failure.status)
}

/** The same failure in Google's shape, for Gemini's native routes under /v1beta. */
export function geminiRelayErrorResponse(c: Context<HonoEnv>, error: unknown): Response {
  const failure = describeFailure(c, error)
  return c.json(geminiErrorBody(failure.status, failure.body.error.message), failure.status)
}
