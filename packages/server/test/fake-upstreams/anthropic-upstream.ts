import {
  HANG,
  pieces,
  sampleFor,
  startFakeServer,
  type FakeServer,
  type ReceivedRequest,
  type Reply,
} from './fake-server.ts'

/**
 * A fake Anthropic Messages API that answers deterministically and refuses what the real API
 * refuses, in its error shape: no `x-api-key`/`anthropic-version`, no `max_tokens`, turns that do
 * not alternate or do not start with the user, a `tool_result` whose `tool_use` is not in the
 * assistant turn just before it. Every answer reports the same usage.
 */
export const ANTHROPIC_KEY = 'sk-ant-fake-upstream'
export const ANTHROPIC_USAGE = { input_tokens: 13, output_tokens: 9 }
export const ANTHROPIC_TEXT = 'Hello from the Anthropic fake.'
export const anthropicToolAnswer = (result: string) => `The tool said: ${result}`

type Block = {
  type?: string
  text?: string
  id?: string
  tool_use_id?: string
  content?: unknown
  name?: string
  input?: unknown
}
type Message = { role?: string; content?: string | Block[] }
type Tool = { name?: string; input_schema?: unknown; type?: string }

const invalid = (reply: Reply, message: string) =>
  reply.json(400, { type: 'error', error: { type: 'invalid_request_error', message } })

const blocks = (m: Message | undefined): Block[] =>
  m === undefined ? [] : typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content ?? [])

function resultText(block: Block): string {
  if (typeof block.content === 'string') return block.content
  if (Array.isArray(block.content)) return block.content.map((b: Block) => b.text ?? '').join('')
  return ''
}

function check(body: Record<string, unknown>, reply: Reply): boolean {
  if (typeof body.model !== 'string') return (invalid(reply, 'model: Field required'), false)
  if (typeof body.max_tokens !== 'number') return (invalid(reply, 'max_tokens: Field required'), false)
  const messages = body.messages as Message[] | undefined
  if (!Array.isArray(messages) || messages.length === 0)
    return (invalid(reply, 'messages: at least one message is required'), false)
  for (const [i, m] of messages.entries()) {
    if (m.role !== 'user' && m.role !== 'assistant')
      return (invalid(reply, `messages.${i}.role: Input should be 'user' or 'assistant'`), false)
    if (i === 0 && m.role !== 'user') return (invalid(reply, 'messages: first message must use the "user" role'), false)
    if (i > 0 && messages[i - 1]?.role === m.role)
      return (
        invalid(
          reply,
          'messages: roles must alternate between "user" and "assistant", but found multiple "' +
            m.role +
            '" roles in a row'
        ),
        false
      )
    const previousUses = new Set(
      blocks(messages[i - 1])
        .filter((b) => b.type === 'tool_use')
        .map((b) => b.id)
    )
    for (const [j, b] of blocks(m).entries()) {
      if (b.type === 'tool_result' && (m.role !== 'user' || !previousUses.has(b.tool_use_id)))
        return (
          invalid(
            reply,
            `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${b.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`
          ),
          false
        )
    }
  }
  for (const [i, tool] of ((body.tools as Tool[] | undefined) ?? []).entries()) {
    if (tool.type !== undefined && tool.type !== 'custom') continue
    if ((tool.input_schema as { type?: unknown } | undefined)?.type !== 'object')
      return (invalid(reply, `tools.${i}.custom.input_schema.type: Input should be 'object'`), false)
  }
  return true
}

interface Answer {
  text?: string
  use?: { id: string; name: string; input: unknown }
}

function decide(body: Record<string, unknown>): Answer {
  const messages = body.messages as Message[]
  const last = blocks(messages.at(-1))
  const result = last.find((b) => b.type === 'tool_result')
  if (result) return { text: anthropicToolAnswer(resultText(result)) }
  const tools = ((body.tools as Tool[] | undefined) ?? []).filter((t) => t.type === undefined || t.type === 'custom')
  const choice = body.tool_choice as { type?: string; name?: string } | undefined
  if (tools.length > 0 && choice?.type !== 'none') {
    const tool = tools.find((t) => t.name === choice?.name) ?? tools[0]
    return { use: { id: 'toolu_fake_1', name: tool?.name ?? '', input: sampleFor(tool?.input_schema) } }
  }
  // Structured outputs: the beta `output_format` and the current `output_config.format`.
  const format = (body.output_format ?? (body.output_config as { format?: unknown } | undefined)?.format) as
    { type?: string; schema?: unknown } | undefined
  if (format?.type === 'json_schema') return { text: JSON.stringify(sampleFor(format.schema)) }
  if (last.some((b) => b.text?.includes(HANG)))
    return { text: `${ANTHROPIC_TEXT} And then a lot more that never arrives.` }
  return { text: ANTHROPIC_TEXT }
}

function messages(request: ReceivedRequest, reply: Reply): void {
  const body = request.body
  if (!check(body, reply)) return
  const answer = decide(body)
  const stop = answer.use ? 'tool_use' : 'end_turn'
  const content = answer.use
    ? [{ type: 'tool_use', id: answer.use.id, name: answer.use.name, input: answer.use.input }]
    : [{ type: 'text', text: answer.text }]
  const message = {
    id: 'msg_fake_1',
    type: 'message',
    role: 'assistant',
    model: body.model,
    content,
    stop_reason: stop,
    stop_sequence: null,
  }
  const usage = { ...ANTHROPIC_USAGE, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
  if (body.stream !== true) return reply.json(200, { ...message, usage })
  const ev = (type: string, data: Record<string, unknown>) => ({ event: type, data: { type, ...data } })
  // As the API streams: message_start carries the input tokens (and 1 output token so far).
  const events = [
    ev('message_start', {
      message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    }),
  ]
  if (answer.use) {
    events.push(
      ev('content_block_start', {
        index: 0,
        content_block: { type: 'tool_use', id: answer.use.id, name: answer.use.name, input: {} },
      })
    )
    const json = JSON.stringify(answer.use.input)
    const cut = Math.ceil(json.length / 2)
    for (const part of [json.slice(0, cut), json.slice(cut)])
      events.push(ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: part } }))
  } else {
    events.push(ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }))
    for (const part of pieces(answer.text ?? ''))
      events.push(ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: part } }))
  }
  if (blocks((body.messages as Message[]).at(-1)).some((b) => b.text?.includes(HANG)))
    return reply.sse(events.slice(0, 3), { hang: true })
  events.push(ev('content_block_stop', { index: 0 }))
  events.push(
    ev('message_delta', {
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: ANTHROPIC_USAGE.output_tokens },
    })
  )
  events.push(ev('message_stop', {}))
  reply.sse(events)
}

export async function startAnthropicUpstream(): Promise<FakeServer> {
  return startFakeServer((request, reply) => {
    if (request.headers['x-api-key'] !== ANTHROPIC_KEY)
      return reply.json(401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } })
    if (typeof request.headers['anthropic-version'] !== 'string')
      return invalid(reply, 'anthropic-version: header is required')
    const path = request.path.split('?')[0]
    if (request.method === 'POST' && path === '/v1/messages') return messages(request, reply)
    if (request.method === 'POST' && path === '/v1/messages/count_tokens') {
      if (!Array.isArray(request.body.messages)) return invalid(reply, 'messages: Field required')
      return reply.json(200, { input_tokens: ANTHROPIC_USAGE.input_tokens })
    }
    reply.json(404, { type: 'error', error: { type: 'not_found_error', message: `Not found: ${path}` } })
  })
}
