import { RelayError } from '../../relay/relay-error.ts'
import { isRetryableStatus, sanitize, upstreamBadResponse } from '../../relay/upstream/upstream-error.ts'
import type { OpenAIChatRequest } from '../openai-chat-api.ts'
import { openAIErrorFrame } from '../openai/openai-error-frame.ts'
import { completionTextOf } from '../openai/openai-usage.ts'
import type { ProtocolBridge } from '../types.ts'
import { convertHunyuanResponse } from './convert-hunyuan-response.ts'
import { convertToHunyuanRequest } from './convert-to-hunyuan-request.ts'
import type { HunyuanResponse } from './hunyuan-api.ts'
import { hunyuanErrorStatus, readHunyuanError } from './hunyuan-error.ts'
import { HunyuanToOpenAIStream } from './hunyuan-stream-to-openai.ts'

/** Tencent echoes nothing secret in its messages today; a SecretId-shaped string is hidden anyway. */
const hideSecretIds = (message: string) => sanitize(message, '').replace(/AKID[A-Za-z0-9]{8,}/g, 'AKID***')

/**
 * Hunyuan answers failures with HTTP 200 and Response.Error: they become upstream errors with
 * the status their code stands for, so a bad key is a 401 (and may disable the channel) and a
 * rate limit a 429 (another channel is tried).
 */
function throwIfError(parsed: unknown): void {
  const failure = readHunyuanError(parsed)
  if (!failure) return
  const status = hunyuanErrorStatus(failure.code)
  throw new RelayError({
    status,
    type: 'upstream_error',
    code: failure.code,
    message: hideSecretIds(failure.message),
    local: false,
    retryable: isRetryableStatus(status),
    params: { upstreamType: failure.code },
  })
}

/** OpenAI chat clients on a Tencent Hunyuan channel. */
export const chatOverTencent: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request, upstreamModel) =>
    convertToHunyuanRequest(request.body as unknown as OpenAIChatRequest, upstreamModel) as unknown as Record<
      string,
      unknown
    >,
  convertJson(parsed, context) {
    throwIfError(parsed)
    const response = (parsed as HunyuanResponse | null)?.Response
    if (!response || typeof response !== 'object' || !Array.isArray(response.Choices)) {
      throw upstreamBadResponse()
    }
    const { body, usage } = convertHunyuanResponse(response, context.clientModel, context.created)
    return { body: JSON.stringify(body), usage, completionText: body.choices.map(completionTextOf).join('') }
  },
  createStream: (context) =>
    new HunyuanToOpenAIStream({
      clientModel: context.clientModel,
      created: context.created,
      includeUsage: context.includeUsage,
    }),
  errorFrame: openAIErrorFrame,
}
