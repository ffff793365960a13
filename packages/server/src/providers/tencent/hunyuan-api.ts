/**
 * The parts of Tencent Hunyuan's ChatCompletions API (Tencent Cloud API 3.0, version 2023-09-01)
 * the gateway reads and writes (https://cloud.tencent.com/document/api/1729/105701). Field names
 * are Tencent's PascalCase. Minimal on purpose.
 */

export interface HunyuanToolCall {
  Id?: string
  Type?: string
  Function?: { Name?: string; Arguments?: string }
  Index?: number
}

export interface HunyuanContent {
  Type: 'text' | 'image_url'
  Text?: string
  ImageUrl?: { Url: string }
}

export interface HunyuanMessage {
  Role: 'system' | 'user' | 'assistant' | 'tool'
  Content?: string
  /** text and images, for the vision models */
  Contents?: HunyuanContent[]
  ToolCallId?: string
  ToolCalls?: HunyuanToolCall[]
}

export interface HunyuanTool {
  Type: 'function'
  /** Parameters is the JSON schema as a string */
  Function: { Name: string; Parameters: string; Description?: string }
}

export interface HunyuanRequest {
  Model: string
  Messages: HunyuanMessage[]
  Stream?: boolean
  Temperature?: number
  TopP?: number
  Stop?: string[]
  Seed?: number
  Tools?: HunyuanTool[]
  /** none, auto or custom (with CustomTool) */
  ToolChoice?: 'none' | 'auto' | 'custom'
  CustomTool?: HunyuanTool
}

export interface HunyuanUsage {
  PromptTokens?: number
  CompletionTokens?: number
  TotalTokens?: number
}

export interface HunyuanChoice {
  /** stop, tool_calls, sensitive (moderation), length */
  FinishReason?: string
  Index?: number
  Message?: { Role?: string; Content?: string; ReasoningContent?: string; ToolCalls?: HunyuanToolCall[] }
  Delta?: { Role?: string; Content?: string; ReasoningContent?: string; ToolCalls?: HunyuanToolCall[] }
}

/** An API 3.0 error: sent with HTTP 200 in Response.Error. */
export interface HunyuanApiError {
  Code?: string
  Message?: string
}

export interface HunyuanResponseBody {
  Id?: string
  Created?: number
  Choices?: HunyuanChoice[]
  Usage?: HunyuanUsage
  Note?: string
  RequestId?: string
  Error?: HunyuanApiError
  /** a failure reported inside a stream (4000 internal, 4001 model timeout) */
  ErrorMsg?: { Msg?: string; Code?: number } | null
}

/** A non-stream answer: everything is wrapped in Response. */
export interface HunyuanResponse {
  Response?: HunyuanResponseBody
}

/** The API 3.0 endpoint and the action's version. */
export const HUNYUAN_HOST = 'https://hunyuan.tencentcloudapi.com'
export const HUNYUAN_SERVICE = 'hunyuan'
export const HUNYUAN_ACTION = 'ChatCompletions'
export const HUNYUAN_VERSION = '2023-09-01'
