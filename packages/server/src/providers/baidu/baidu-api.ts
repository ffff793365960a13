/**
 * The parts of Baidu Qianfan's ERNIE v1 chat API the gateway reads and writes
 * (https://cloud.baidu.com/doc/WENXINWORKSHOP/s/jlil56u11, .../s/tlmyncueh for error codes).
 * Minimal on purpose: fields the gateway does not touch are carried as they are.
 */

export interface BaiduMessage {
  role: 'user' | 'assistant'
  content: string
}

export interface BaiduChatRequest {
  /** odd count, alternating, first and last from the user */
  messages: BaiduMessage[]
  system?: string
  stream?: boolean
  temperature?: number
  top_p?: number
  penalty_score?: number
  max_output_tokens?: number
  stop?: string[]
  user_id?: string
}

export interface BaiduUsage {
  prompt_tokens?: number
  completion_tokens?: number
  total_tokens?: number
}

/** `normal` and `stop` end a complete answer; `length`, `content_filter`, `function_call` as in OpenAI. */
export type BaiduFinishReason = 'normal' | 'stop' | 'length' | 'content_filter' | 'function_call'

export interface BaiduChatResponse {
  id: string
  object: string
  created: number
  result: string
  is_truncated?: boolean
  need_clear_history?: boolean
  finish_reason?: BaiduFinishReason | string
  usage?: BaiduUsage
}

/** One `data:` payload of a stream: the piece of text, and usage counted so far. */
export interface BaiduChatChunk extends BaiduChatResponse {
  sentence_id?: number
  is_end?: boolean
}

/** Baidu answers failures with HTTP 200 and this body. */
export interface BaiduErrorBody {
  error_code: number
  error_msg: string
}

/** The OAuth token endpoint's answers (https://ai.baidu.com/ai-doc/REFERENCE/Ck3dwjhhu). */
export interface BaiduTokenAnswer {
  access_token?: string
  expires_in?: number
  error?: string
  error_description?: string
}
