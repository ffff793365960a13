import { RelayError } from '../../relay/relay-error.ts'
import { sanitize } from '../../relay/upstream/upstream-error.ts'
import type { OpenAIChatRequest } from '../openai-chat-api.ts'
import { openAIErrorFrame } from '../openai/openai-error-frame.ts'
import type { ProtocolBridge } from '../types.ts'
import { convertToXunfeiRequest } from './convert-to-xunfei-request.ts'
import { convertXunfeiFrames } from './convert-xunfei-frames.ts'
import type { XunfeiFrame } from './xunfei-api.ts'
import { frameError, xunfeiErrorStatus } from './xunfei-frames.ts'
import { XunfeiToOpenAIStream } from './xunfei-stream-to-openai.ts'

/**
 * OpenAI chat clients on an iFlytek Spark channel. The WebSocket transport sends the first frame
 * (app id and domain filled in by the adapter) and hands back the answer frames: as a stream, or
 * collected as `{frames}` for a client that did not ask for one.
 */
export const chatOverXunfei: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request) =>
    convertToXunfeiRequest(request.body as OpenAIChatRequest, '', '') as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const frames = ((parsed as { frames?: XunfeiFrame[] }).frames ?? []) as XunfeiFrame[]
    const failure = frames.map(frameError).find((found) => found !== undefined)
    if (failure) {
      throw new RelayError({
        status: xunfeiErrorStatus(failure.code),
        type: 'upstream_error',
        code: `xunfei_${failure.code}`,
        message: sanitize(failure.message, ''),
        local: false,
        retryable: xunfeiErrorStatus(failure.code) >= 500,
      })
    }
    const { body, usage } = convertXunfeiFrames(frames, context.clientModel, context.created, context.requestId)
    return { body: JSON.stringify(body), usage, completionText: body.choices[0]?.message.content ?? '' }
  },
  createStream: (context) => new XunfeiToOpenAIStream(context),
  errorFrame: openAIErrorFrame,
}
