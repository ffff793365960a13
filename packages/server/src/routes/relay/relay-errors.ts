import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { HonoEnv } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { translate } from '../../i18n/messages.ts'
import { RelayError, toOpenAIErrorBody } from '../../relay/relay-error.ts'

/**
 * The relay's one error mapper: every failure on /v1 and /pg answers in OpenAI's shape with a
 * real status and the request id, whatever threw it.
 */
export function relayErrorResponse(c: Context<HonoEnv>, error: unknown): Response {
  const language = c.get('language')
  const requestId = c.get('requestId')
  if (error instanceof RelayError) return c.json(toOpenAIErrorBody(error, language, requestId), error.status as ContentfulStatusCode)
  if (error instanceof AppError) {
    const status = error.code === 'UNAUTHORIZED' ? 401 : error.code === 'RATE_LIMITED' ? 429 : error.code === 'FORBIDDEN' ? 403 : 400
    const message = `${translate(error.messageKey, language, error.params)} (request id: ${requestId})`
    return c.json({ error: { message, type: 'new_api_error', param: '', code: error.code.toLowerCase() } }, status)
  }
  c.get('services').logger.error({ id: requestId, err: error instanceof Error ? error.stack : String(error) }, 'relay failed')
  const internal = new RelayError({ status: 500, type: 'new_api_error', code: 'internal_error', messageKey: 'upstream.failed' })
  return c.json(toOpenAIErrorBody(internal, language, requestId), 500)
}
