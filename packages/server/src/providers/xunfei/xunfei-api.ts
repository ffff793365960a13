/**
 * The parts of iFlytek Spark's WebSocket chat API the gateway writes and reads
 * (https://www.xfyun.cn/doc/spark/Web.html). Minimal: other fields pass through.
 */

export interface XunfeiMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface XunfeiRequest {
  header: { app_id: string; uid?: string }
  parameter: { chat: { domain: string; temperature?: number; max_tokens?: number; top_k?: number } }
  payload: { message: { text: XunfeiMessage[] } }
}

/** One frame of the answer; header.status 2 marks the last one. */
export interface XunfeiFrame {
  header?: { code?: number; message?: string; sid?: string; status?: number }
  payload?: {
    choices?: { status?: number; seq?: number; text?: { content?: string; role?: string; index?: number }[] }
    usage?: {
      text?: { question_tokens?: number; prompt_tokens?: number; completion_tokens?: number; total_tokens?: number }
    }
  }
}
