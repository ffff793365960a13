import type { OpenAIChatResponse } from '../openai-chat-api.ts'
import { openAIUsageOf } from '../openai-chat-usage.ts'
import type { Usage } from '../types.ts'
import type { XunfeiFrame } from './xunfei-api.ts'
import { frameText, frameUsage } from './xunfei-frames.ts'

/** Every frame of a finished answer as one OpenAI chat completion. */
export function convertXunfeiFrames(
  frames: XunfeiFrame[],
  clientModel: string,
  created: number,
  requestId: string
): { body: OpenAIChatResponse; usage: Usage | undefined } {
  const text = frames.map(frameText).join('')
  const usage = frames.map(frameUsage).findLast((found) => found !== undefined)
  const sid = frames.find((frame) => frame.header?.sid)?.header?.sid
  const body: OpenAIChatResponse = {
    id: `chatcmpl-${sid ?? requestId}`,
    object: 'chat.completion',
    created,
    model: clientModel,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
  }
  if (usage) body.usage = openAIUsageOf(usage)
  return { body, usage }
}
