import { answerText, contentPiece, type AnswerPlan } from './mock-openai-bodies.ts'

/**
 * Anthropic Messages answers for the mock (https://docs.anthropic.com/en/api/messages-streaming),
 * built from the same plan as the OpenAI ones, so the bench compares like with like.
 */
const MESSAGE_ID = 'msg_mock'

const event = (name: string, data: string) => `event: ${name}\ndata: ${data}\n\n`

export function buildAnthropicJson(plan: AnswerPlan): string {
  const usage = plan.usage
    ? `{"input_tokens":${plan.usage.prompt_tokens},"output_tokens":${plan.usage.completion_tokens}}`
    : '{"input_tokens":0,"output_tokens":0}'
  return `{"id":"${MESSAGE_ID}","type":"message","role":"assistant","model":${JSON.stringify(plan.model)},"content":[{"type":"text","text":${JSON.stringify(answerText(plan.pieces))}}],"stop_reason":"end_turn","stop_sequence":null,"usage":${usage}}`
}

export function buildAnthropicEvents(plan: AnswerPlan): string[] {
  const input = plan.usage?.prompt_tokens ?? 0
  const output = plan.usage?.completion_tokens ?? 0
  const events = [
    event(
      'message_start',
      `{"type":"message_start","message":{"id":"${MESSAGE_ID}","type":"message","role":"assistant","content":[],"model":${JSON.stringify(plan.model)},"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":${input},"output_tokens":1}}}`
    ),
    event('content_block_start', '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}'),
  ]
  for (let i = 0; i < plan.pieces; i++)
    events.push(
      event(
        'content_block_delta',
        `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${JSON.stringify(contentPiece(i))}}}`
      )
    )
  events.push(
    event('content_block_stop', '{"type":"content_block_stop","index":0}'),
    event(
      'message_delta',
      `{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":${output}}}`
    ),
    event('message_stop', '{"type":"message_stop"}')
  )
  return events
}
