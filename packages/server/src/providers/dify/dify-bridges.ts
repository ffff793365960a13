import type { OpenAIChatRequest } from '../../providers/openai-chat-api.ts'
import { convertDifyResponse, readDifyFailure } from '../../providers/dify/convert-dify-response.ts'
import { convertToDifyRequest } from '../../providers/dify/convert-to-dify-request.ts'
import type { DifyChatResponse } from '../../providers/dify/dify-api.ts'
import { DifyToOpenAIStream } from '../../providers/dify/dify-stream-to-openai.ts'
import type { ProtocolBridge } from '../protocol-bridge.ts'
import { RelayError } from '../relay-error.ts'
import { sanitize } from '../upstream/upstream-error.ts'
import { openAIErrorFrame } from './openai-error-frame.ts'

/** OpenAI chat clients on a Dify channel: chat-messages in blocking or streaming mode. */
export const chatOverDify: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request) => convertToDifyRequest(request.body as unknown as OpenAIChatRequest) as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const failure = readDifyFailure(parsed)
    if (failure) {
      // Not an empty completion: Dify's error, with its status and code, as an upstream failure.
      const text = failure.message ? { message: sanitize(failure.message, '') } : { messageKey: 'upstream.bad_response' as const }
      throw new RelayError({ status: failure.status, type: 'upstream_error', code: failure.code, ...text, local: false })
    }
    const { body, usage } = convertDifyResponse(parsed as DifyChatResponse, context.clientModel, context.created, context.requestId)
    return { body: JSON.stringify(body), usage, completionText: body.choices[0]?.message.content ?? '' }
  },
  createStream: (context) => new DifyToOpenAIStream(context),
  errorFrame: openAIErrorFrame,
}
