import type { OpenAIChatResponse } from '../openai-chat-api.ts'
import { openAIUsageOf } from '../openai-chat-usage.ts'
import { readOpenAIUsage } from '../openai/openai-usage.ts'
import type { Usage } from '../types.ts'
import type { DifyChatResponse, DifyUsage } from './dify-api.ts'

/** Dify's usage uses OpenAI's names; implausible counts are dropped so the text is counted instead. */
export function readDifyUsage(usage: DifyUsage | undefined): Usage | undefined {
  return readOpenAIUsage(usage)
}

/**
 * Why a blocking answer is not one: a body without an answer is an error Dify wrote with status
 * 200 ({status, code, message}) or something else entirely. The status is kept only when it is a
 * real HTTP error status; `message` is undefined when Dify gave none.
 */
export function readDifyFailure(
  response: unknown
): { status: number; code: string; message: string | undefined } | undefined {
  const body = (
    response && typeof response === 'object' && !Array.isArray(response) ? response : {}
  ) as DifyChatResponse
  if (typeof body.answer === 'string') return undefined
  const status =
    typeof body.status === 'number' && Number.isInteger(body.status) && body.status >= 400 && body.status <= 599
      ? body.status
      : 502
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : undefined
  return {
    status: message ? status : 502,
    code: typeof body.code === 'string' && body.code !== '' ? body.code : 'bad_response',
    message,
  }
}

/** A blocking Dify answer (one readDifyFailure accepted) as an OpenAI chat completion. */
export function convertDifyResponse(
  response: DifyChatResponse,
  clientModel: string,
  created: number,
  requestId: string
): { body: OpenAIChatResponse; usage: Usage | undefined } {
  const usage = readDifyUsage(response.metadata?.usage)
  const id = response.message_id ?? response.id ?? requestId
  const body: OpenAIChatResponse = {
    id: `chatcmpl-${id}`,
    object: 'chat.completion',
    created,
    model: clientModel,
    choices: [{ index: 0, message: { role: 'assistant', content: response.answer ?? '' }, finish_reason: 'stop' }],
  }
  if (usage) body.usage = openAIUsageOf(usage)
  return { body, usage }
}
