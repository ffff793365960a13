import { RelayError } from '../../relay/relay-error.ts'
import { sanitize } from '../../relay/upstream/upstream-error.ts'
import type { OpenAIChatRequest } from '../openai-chat-api.ts'
import { openAIErrorFrame } from '../openai/openai-error-frame.ts'
import type { ProtocolBridge } from '../types.ts'
import { convertDifyResponse, readDifyFailure } from './convert-dify-response.ts'
import { convertToDifyRequest } from './convert-to-dify-request.ts'
import type { DifyChatResponse } from './dify-api.ts'
import { DifyToOpenAIStream } from './dify-stream-to-openai.ts'

/** OpenAI chat clients on a Dify channel: chat-messages in blocking or streaming mode. */
export const chatOverDify: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request) =>
    convertToDifyRequest(request.body as unknown as OpenAIChatRequest) as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const failure = readDifyFailure(parsed)
    if (failure) {
      // Not an empty completion: Dify's error, with its status and code, as an upstream failure.
      const text = failure.message
        ? { message: sanitize(failure.message, '') }
        : { messageKey: 'upstream.bad_response' as const }
      throw new RelayError({
        status: failure.status,
        type: 'upstream_error',
        code: failure.code,
        ...text,
        local: false,
      })
    }
    const { body, usage } = convertDifyResponse(
      parsed as DifyChatResponse,
      context.clientModel,
      context.created,
      context.requestId
    )
    return { body: JSON.stringify(body), usage, completionText: body.choices[0]?.message.content ?? '' }
  },
  createStream: (context) => new DifyToOpenAIStream(context),
  errorFrame: openAIErrorFrame,
}
