import { messagesOverOpenAI } from './anthropic/anthropic-bridges.ts'
import { geminiOverOpenAI } from './gemini/gemini-bridges.ts'
import { responsesOverChat } from './openai-responses/responses-bridges.ts'
import type { ClientEndpoint, ProtocolBridge } from './types.ts'

/**
 * The client protocols that can be carried over OpenAI chat: each bridge's request side turns the
 * client's request into a chat request, its answer side a chat answer (JSON or chunks) into the
 * client's. Over an OpenAI channel they are used as they are; over any other provider they are
 * composed with that provider's chat bridge.
 */
export const clientOverChat: Partial<Record<ClientEndpoint, ProtocolBridge>> = {
  messages: messagesOverOpenAI,
  gemini: geminiOverOpenAI,
  responses: responsesOverChat,
}
