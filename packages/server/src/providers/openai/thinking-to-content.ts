import type { OpenAIChatResponse } from '../openai-chat-api.ts'
import { readOpenAIChunk } from '../read-openai-chunk.ts'
import type { ProtocolBridge, StreamContext, StreamTranslator, Usage } from '../types.ts'
import { openAIErrorFrame } from './openai-error-frame.ts'
import { completionTextOf, readOpenAIUsage } from './openai-usage.ts'

/**
 * The channel setting `thinking_to_content`: reasoning_content (DeepSeek-R1 style) is sent to the
 * client as ordinary content inside <think>…</think>, for clients that only show `content`.
 * Upstream and client both speak OpenAI; the chunks are rewritten, so this path parses each one.
 */
class ThinkingToContentStream implements StreamTranslator {
  private readonly includeUsage: boolean
  private thinking = false
  usage: Usage | undefined
  text = ''

  constructor(context: StreamContext) {
    this.includeUsage = context.includeUsage
  }

  push(payload: string): string[] {
    const chunk = readOpenAIChunk(payload)
    if (chunk === 'done') return [`data: [DONE]\n\n`]
    // An unreadable chunk goes on as it came, as it would without this setting.
    if (!chunk) return [`data: ${payload}\n\n`]
    const found = readOpenAIUsage(chunk.usage)
    if (found) this.usage = found
    // The gateway asked for the usage chunk; a client that did not ask does not get it.
    if (chunk.choices?.length === 0 && chunk.usage && !this.includeUsage) return []
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta ?? {}
      let content = ''
      if (delta.reasoning_content) {
        content += (this.thinking ? '' : '<think>') + delta.reasoning_content
        this.thinking = true
        delete delta.reasoning_content
      }
      if (delta.content || (choice.finish_reason && this.thinking)) {
        if (this.thinking && !content) {
          content += '</think>'
          this.thinking = false
        }
        content += delta.content ?? ''
      }
      if (content) delta.content = content
      this.text += content
    }
    return [`data: ${JSON.stringify(chunk)}\n\n`]
  }

  finish(): string[] {
    return []
  }
}

/** The bridge for OpenAI-protocol channels with thinking_to_content on (chat only). */
export const thinkingToContentBridge: ProtocolBridge = {
  upstreamEndpoint: 'chat',
  buildBody: (request, upstreamModel) => {
    const body: Record<string, unknown> = { ...request.body, model: upstreamModel }
    if (request.stream)
      body.stream_options = { ...(request.body.stream_options as object | undefined), include_usage: true }
    return body
  },
  convertJson(parsed) {
    const response = parsed as OpenAIChatResponse
    for (const choice of response.choices ?? []) {
      const message = choice.message
      if (message?.reasoning_content) {
        message.content = `<think>${message.reasoning_content}</think>${message.content ?? ''}`
        delete message.reasoning_content
      }
    }
    return {
      body: JSON.stringify(response),
      usage: readOpenAIUsage(response.usage),
      completionText: (response.choices ?? []).map(completionTextOf).join(''),
    }
  },
  createStream: (context) => new ThinkingToContentStream(context),
  errorFrame: openAIErrorFrame,
}
