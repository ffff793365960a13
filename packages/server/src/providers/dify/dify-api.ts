/**
 * The parts of Dify's chat app API the gateway reads and writes
 * (https://docs.dify.ai/guides/application-publishing/developing-with-apis, "Send Chat Message").
 * Minimal on purpose: Dify's answers carry more (task ids, prices, retriever resources) that the
 * gateway does not use.
 */

/** A file sent with the query; the gateway sends images by URL only (see convert-to-dify-request.ts). */
export interface DifyFile {
  type: 'image'
  transfer_method: 'remote_url'
  url: string
}

export interface DifyChatRequest {
  /** the app's own variables; empty unless the channel's parameter override sets them */
  inputs: Record<string, unknown>
  query: string
  response_mode: 'blocking' | 'streaming'
  user: string
  conversation_id?: string
  files?: DifyFile[]
  auto_generate_name?: boolean
}

/** Dify reports OpenAI-named token counts, plus prices and latency the gateway ignores. */
export interface DifyUsage {
  prompt_tokens?: number
  completion_tokens?: number
  total_tokens?: number
}

/** The blocking answer. */
export interface DifyChatResponse {
  event?: string
  message_id?: string
  id?: string
  conversation_id?: string
  answer?: string
  metadata?: { usage?: DifyUsage }
  created_at?: number
  /** present when the body is an error (Dify's error shape) */
  code?: string
  message?: string
  status?: number
}

/** One `data:` payload of the streaming answer; which fields are set depends on `event`. */
export interface DifyStreamEvent {
  event?: string
  message_id?: string
  conversation_id?: string
  /** message, agent_message: a piece of the answer; message_replace: the whole replacement */
  answer?: string
  /** message_file */
  type?: string
  url?: string
  belongs_to?: string
  /** message_end */
  metadata?: { usage?: DifyUsage }
  /** error */
  status?: number
  code?: string
  message?: string
}

/** Who the conversation belongs to when the client sends no `user`: one stable end user for the gateway. */
export const DIFY_DEFAULT_USER = 'gateway'
