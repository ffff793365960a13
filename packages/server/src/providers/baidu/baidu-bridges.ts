import { RelayError } from '../../relay/relay-error.ts'
import { sanitize } from '../../relay/upstream/upstream-error.ts'
import type { OpenAIChatRequest } from '../openai-chat-api.ts'
import { openAIErrorFrame } from '../openai/openai-error-frame.ts'
import { completionTextOf } from '../openai/openai-usage.ts'
import { ACCESS_TOKEN_REJECTED, type ProtocolBridge } from '../types.ts'
import type { BaiduChatResponse } from './baidu-api.ts'
import { baiduErrorKind, baiduErrorStatus, readBaiduError, scrubAccessToken } from './baidu-error.ts'
import { BaiduToOpenAIStream } from './baidu-stream-to-openai.ts'
import { convertBaiduResponse } from './convert-baidu-response.ts'
import { convertToBaiduRequest } from './convert-to-baidu-request.ts'

/**
 * Baidu answers failures with HTTP 200 and {error_code, error_msg}: as a RelayError with a real
 * status. A refused token (110, 111) is 401 and drops the cached token; the upstream status stays
 * 200 in the params, so the channel is not auto-disabled for a token that merely expired.
 */
export function baiduRelayError(code: number, message: string): RelayError {
  const kind = baiduErrorKind(code)
  return new RelayError({
    status: baiduErrorStatus(kind),
    type: 'upstream_error',
    code: kind === 'token_rejected' ? ACCESS_TOKEN_REJECTED : `baidu_${code}`,
    message: sanitize(scrubAccessToken(message), ''),
    local: false,
    retryable: kind !== 'bad_request',
    params: { upstreamStatus: 200, upstreamType: `baidu_${code}` },
  })
}

/** OpenAI chat clients on a Baidu Qianfan ERNIE (v1) channel. */
export const chatOverBaidu: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request) =>
    convertToBaiduRequest(request.body as unknown as OpenAIChatRequest) as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const failure = readBaiduError(parsed)
    if (failure) throw baiduRelayError(failure.error_code, failure.error_msg)
    const { body, usage } = convertBaiduResponse(parsed as BaiduChatResponse, context.clientModel, context.created)
    return { body: JSON.stringify(body), usage, completionText: body.choices.map(completionTextOf).join('') }
  },
  createStream: (context) =>
    new BaiduToOpenAIStream({
      clientModel: context.clientModel,
      created: context.created,
      includeUsage: context.includeUsage,
    }),
  errorFrame: openAIErrorFrame,
}
