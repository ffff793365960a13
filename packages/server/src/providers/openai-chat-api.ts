import type { OpenAIResponseFormat } from './openai-response-format.ts'

/**
 * The parts of OpenAI's Chat Completions shapes that protocol converters read and write
 * (https://platform.openai.com/docs/api-reference/chat). Minimal: unknown fields pass through.
 */

export interface OpenAITextPart {
  type: 'text'
  text: string
}

export interface OpenAIImagePart {
  type: 'image_url'
  image_url: { url: string; detail?: string }
}

export type OpenAIContentPart = OpenAITextPart | OpenAIImagePart | { type: string; [key: string]: unknown }

export interface OpenAIToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
  /** Google's addition in its OpenAI-compatible API: the Gemini thought signature of this call, to send back. */
  extra_content?: { google?: { thought_signature?: string } }
}

export interface OpenAIChatMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool'
  content?: string | OpenAIContentPart[] | null
  name?: string
  tool_calls?: OpenAIToolCall[]
  tool_call_id?: string
  reasoning_content?: string | null
}

export interface OpenAIFunctionTool {
  type: 'function'
  function: { name: string; description?: string; parameters?: unknown }
}

export type OpenAIToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } }

export interface OpenAIChatRequest {
  model: string
  messages: OpenAIChatMessage[]
  max_tokens?: number
  max_completion_tokens?: number
  temperature?: number
  top_p?: number
  stop?: string | string[]
  stream?: boolean
  stream_options?: { include_usage?: boolean }
  tools?: OpenAIFunctionTool[]
  tool_choice?: OpenAIToolChoice
  parallel_tool_calls?: boolean
  reasoning_effort?: 'minimal' | 'low' | 'medium' | 'high'
  user?: string
  response_format?: OpenAIResponseFormat
  [key: string]: unknown
}

export type OpenAIFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter'

export interface OpenAIChatUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  prompt_tokens_details?: { cached_tokens?: number; cache_creation_tokens?: number }
  completion_tokens_details?: { reasoning_tokens?: number }
}

export interface OpenAIChatResponse {
  id: string
  object: 'chat.completion'
  created: number
  model: string
  choices: {
    index: number
    message: { role: 'assistant'; content: string | null; reasoning_content?: string; tool_calls?: OpenAIToolCall[] }
    finish_reason: OpenAIFinishReason | null
  }[]
  usage?: OpenAIChatUsage
}

export interface OpenAIChatChunk {
  id: string
  object: 'chat.completion.chunk'
  created: number
  model: string
  choices: {
    index: number
    delta: {
      role?: 'assistant'
      content?: string | null
      reasoning_content?: string
      tool_calls?: {
        index: number
        id?: string
        type?: 'function'
        function?: { name?: string; arguments?: string }
        extra_content?: OpenAIToolCall['extra_content']
      }[]
    }
    finish_reason: OpenAIFinishReason | null
  }[]
  usage?: OpenAIChatUsage | null
}
