/**
 * The parts of OpenAI's Responses API the gateway converts
 * (https://platform.openai.com/docs/api-reference/responses). Minimal: other fields pass through.
 */

export type ResponsesContentPart =
  | { type: 'input_text' | 'output_text'; text: string }
  | { type: 'input_image'; image_url?: string; detail?: string }
  | { type: string; [key: string]: unknown }

export type ResponsesInputItem =
  | { type?: 'message'; role: 'user' | 'assistant' | 'system' | 'developer'; content: string | ResponsesContentPart[] }
  | { type: 'function_call'; call_id: string; name: string; arguments: string; id?: string }
  | { type: 'function_call_output'; call_id: string; output: string | unknown }
  | { type: string; [key: string]: unknown }

export interface ResponsesFunctionTool {
  type: 'function'
  name: string
  description?: string
  parameters?: unknown
  strict?: boolean
}

export interface ResponsesRequest {
  model: string
  input: string | ResponsesInputItem[]
  instructions?: string
  max_output_tokens?: number
  temperature?: number
  top_p?: number
  tools?: (ResponsesFunctionTool | { type: string })[]
  tool_choice?: 'auto' | 'none' | 'required' | { type: 'function'; name: string }
  parallel_tool_calls?: boolean
  stream?: boolean
  reasoning?: { effort?: 'minimal' | 'low' | 'medium' | 'high' }
  user?: string
  /** structured output: the format of the answer's text */
  text?: { format?: ResponsesTextFormat; verbosity?: string }
  [key: string]: unknown
}

export type ResponsesTextFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: unknown; description?: string; strict?: boolean | null }

export type ResponsesOutputItem =
  | {
      type: 'message'
      id: string
      status: 'completed' | 'in_progress'
      role: 'assistant'
      content: { type: 'output_text'; text: string; annotations: unknown[] }[]
    }
  | {
      type: 'function_call'
      id: string
      call_id: string
      name: string
      arguments: string
      status: 'completed' | 'in_progress'
    }
  | { type: 'reasoning'; id: string; summary: { type: 'summary_text'; text: string }[] }

export interface ResponsesUsage {
  input_tokens: number
  input_tokens_details: { cached_tokens: number }
  output_tokens: number
  output_tokens_details: { reasoning_tokens: number }
  total_tokens: number
}

export interface ResponsesResponse {
  id: string
  object: 'response'
  created_at: number
  status: 'completed' | 'incomplete' | 'in_progress' | 'failed'
  model: string
  output: ResponsesOutputItem[]
  usage: ResponsesUsage | null
  incomplete_details: { reason: string } | null
  error: null | { code: string; message: string }
  instructions: string | null
  parallel_tool_calls: boolean
  tool_choice: unknown
  tools: unknown[]
  /** the request's text format, echoed as the API does */
  text: { format: ResponsesTextFormat }
}
