import type { Language } from '../../i18n/messages.ts'
import type { OpenAIChatRequest, OpenAIChatResponse } from '../openai-chat-api.ts'
import { openAIErrorFrame } from '../openai/openai-error-frame.ts'
import { completionTextOf, readOpenAIUsage } from '../openai/openai-usage.ts'
import type { FrameError, ProtocolBridge } from '../types.ts'
import { convertFromGeminiRequest } from './convert-from-gemini-request.ts'
import { candidateParts, convertGeminiResponse, readGeminiUsage } from './convert-gemini-response.ts'
import { convertToGeminiRequest } from './convert-to-gemini-request.ts'
import { convertToGeminiResponse } from './convert-to-gemini-response.ts'
import type { GeminiRequest, GeminiResponse } from './gemini-api.ts'
import { geminiErrorBody } from './gemini-error.ts'
import { GeminiToOpenAIStream } from './gemini-stream-to-openai.ts'
import { GeminiUsageStream } from './gemini-usage-stream.ts'
import { OpenAIToGeminiStream } from './openai-stream-to-gemini.ts'

/** A failure inside a started stream, as Gemini clients read it. */
export const geminiErrorFrame = (error: FrameError, language: Language, requestId: string) =>
  `data: ${JSON.stringify(geminiErrorBody(error.status, `${error.text(language)} (request id: ${requestId})`))}\n\n`

/** OpenAI chat clients on a Gemini channel. */
export const chatOverGemini: ProtocolBridge = {
  upstreamEndpoint: 'gemini',
  buildBody: (request, _model, settings) =>
    convertToGeminiRequest(
      request.body as unknown as OpenAIChatRequest,
      settings?.geminiSafetyThreshold
    ) as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const { body, usage } = convertGeminiResponse(
      parsed as GeminiResponse,
      context.clientModel,
      context.created,
      context.requestId
    )
    return { body: JSON.stringify(body), usage, completionText: body.choices.map(completionTextOf).join('') }
  },
  createStream: (context) => new GeminiToOpenAIStream(context),
  errorFrame: openAIErrorFrame,
}

/** Gemini-native clients on a Gemini channel: bytes as they are, usage read from usageMetadata. */
export const geminiOverGemini: ProtocolBridge = {
  upstreamEndpoint: 'gemini',
  buildBody: (request) => ({ ...request.body }),
  convertJson(parsed) {
    const response = parsed as GeminiResponse
    const { text, reasoning, toolCalls } = candidateParts(response.candidates?.[0], 'call_')
    return {
      body: JSON.stringify(response),
      usage: readGeminiUsage(response.usageMetadata),
      completionText: reasoning + text + toolCalls.map((c) => c.function.arguments).join(''),
    }
  },
  createStream: () => new GeminiUsageStream(),
  errorFrame: geminiErrorFrame,
}

/** Gemini-native clients (the google-genai SDKs, Gemini CLI) on an OpenAI-compatible channel. */
export const geminiOverOpenAI: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request, upstreamModel) =>
    convertFromGeminiRequest(
      request.body as unknown as GeminiRequest,
      upstreamModel,
      request.stream
    ) as unknown as Record<string, unknown>,
  convertJson(parsed, context) {
    const response = parsed as OpenAIChatResponse
    const usage = readOpenAIUsage(response.usage)
    return {
      body: JSON.stringify(convertToGeminiResponse(response, context.clientModel, usage)),
      usage,
      completionText: (response.choices ?? []).map(completionTextOf).join(''),
    }
  },
  createStream: (context) =>
    new OpenAIToGeminiStream({ clientModel: context.clientModel, promptTokens: context.promptTokens }),
  announcesPromptTokens: true,
  errorFrame: geminiErrorFrame,
}
