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
 * A fake OpenAI API (chat completions, embeddings, responses) that answers deterministically and
 * refuses what the real API refuses, with its error shape: a tool message with no assistant tool
 * call before it, tool parameters that are not JSON Schema (Gemini's upper-case `OBJECT`), an
 * unknown role, a wrong key. Every answer reports the same usage, so tests assert exact tokens.
 */
export const OPENAI_KEY = 'sk-fake-openai-upstream'
export const OPENAI_USAGE = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 }
export const OPENAI_EMBEDDING_TOKENS = 4
export const OPENAI_TEXT = 'Hello from the OpenAI fake.'
/** The answer after a tool result: the tool's output quoted, so a test sees the round trip closed. */
export const openaiToolAnswer = (result: string) => `The tool said: ${result}`

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function'])
const SCHEMA_TYPES = new Set(['object', 'string', 'number', 'integer', 'boolean', 'array', 'null'])

type Message = { role?: string; content?: unknown; tool_calls?: Array<{ id?: string }>; tool_call_id?: string }
type Tool = { type?: string; function?: { name?: string; parameters?: unknown } }

const invalid = (reply: Reply, message: string, param: string | null = null, code: string | null = null) =>
  reply.json(400, { error: { message, type: 'invalid_request_error', param, code } })

/** A JSON Schema type check as strict as OpenAI's: only the lower-case JSON Schema type names. */
function badSchemaType(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object') return undefined
  const s = schema as Record<string, unknown>
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]
  for (const t of types) if (typeof t !== 'string' || !SCHEMA_TYPES.has(t)) return String(t)
  for (const key of ['properties', '$defs', 'definitions'])
    for (const sub of Object.values((s[key] as Record<string, unknown> | undefined) ?? {})) {
      const bad = badSchemaType(sub)
      if (bad !== undefined) return bad
    }
  for (const key of ['items', 'additionalProperties']) {
    const bad = badSchemaType(s[key])
    if (bad !== undefined) return bad
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    for (const sub of (s[key] as unknown[] | undefined) ?? []) {
      const bad = badSchemaType(sub)
      if (bad !== undefined) return bad
    }
  return undefined
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? '').join('')
  return ''
}

/** Checks a chat request the way OpenAI does; answers the refusal and returns false when it fails. */
function checkChat(body: Record<string, unknown>, reply: Reply): boolean {
  const messages = body.messages as Message[] | undefined
  if (typeof body.model !== 'string')
    return (invalid(reply, "Missing required parameter: 'model'.", 'model', 'missing_required_parameter'), false)
  if (!Array.isArray(messages) || messages.length === 0)
    return (invalid(reply, "Invalid 'messages': empty array.", 'messages', 'empty_array'), false)
  const calls = new Set<string>()
  for (const [i, m] of messages.entries()) {
    if (!ROLES.has(m.role ?? ''))
      return (
        invalid(
          reply,
          `Invalid value: '${m.role}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
          `messages[${i}].role`,
          'invalid_value'
        ),
        false
      )
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) if (c.id) calls.add(c.id)
    if (m.role === 'tool' && !calls.has(m.tool_call_id ?? ''))
      return (
        invalid(
          reply,
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          `messages.[${i}].role`
        ),
        false
      )
  }
  for (const [i, tool] of ((body.tools as Tool[] | undefined) ?? []).entries()) {
    const bad = badSchemaType(tool.function?.parameters)
    if (bad !== undefined)
      return (
        invalid(
          reply,
          `Invalid schema for function '${tool.function?.name}': '${bad}' is not valid under any of the given schemas.`,
          `tools[${i}].function.parameters`,
          'invalid_function_parameters'
        ),
        false
      )
  }
  return true
}

interface Answer {
  text?: string
  call?: { id: string; name: string; arguments: string }
}

/** What the fake answers a chat: a tool call when tools are offered and no result came back yet. */
function decide(
  messages: Message[],
  tools: Tool[],
  responseFormat: { type?: string; json_schema?: { schema?: unknown } } | undefined,
  toolChoice: unknown
): Answer {
  const last = messages.at(-1)
  if (last?.role === 'tool') return { text: openaiToolAnswer(textOf(last.content)) }
  if (tools.length > 0 && toolChoice !== 'none') {
    const forced = (toolChoice as { function?: { name?: string } } | undefined)?.function?.name
    const tool = tools.find((t) => t.function?.name === forced) ?? tools[0]
    return {
      call: {
        id: 'call_fake_1',
        name: tool?.function?.name ?? '',
        arguments: JSON.stringify(sampleFor(tool?.function?.parameters)),
      },
    }
  }
  if (responseFormat?.type === 'json_schema')
    return { text: JSON.stringify(sampleFor(responseFormat.json_schema?.schema)) }
  if (responseFormat?.type === 'json_object') return { text: '{"answer":"Paris"}' }
  if (textOf(last?.content).includes(HANG)) return { text: `${OPENAI_TEXT} And then a lot more that never arrives.` }
  return { text: OPENAI_TEXT }
}

function chat(request: ReceivedRequest, reply: Reply): void {
  const body = request.body
  if (!checkChat(body, reply)) return
  const messages = body.messages as Message[]
  const answer = decide(
    messages,
    (body.tools as Tool[] | undefined) ?? [],
    body.response_format as never,
    body.tool_choice
  )
  const base = { id: 'chatcmpl-fake', created: 1_700_000_000, model: body.model, system_fingerprint: 'fp_fake' }
  const finish = answer.call ? 'tool_calls' : 'stop'
  if (body.stream !== true) {
    const message = answer.call
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: answer.call.id,
              type: 'function',
              function: { name: answer.call.name, arguments: answer.call.arguments },
            },
          ],
          refusal: null,
        }
      : { role: 'assistant', content: answer.text, refusal: null }
    reply.json(200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
      usage: OPENAI_USAGE,
    })
    return
  }
  const chunk = (delta: unknown, finishReason: string | null = null) => ({
    data: {
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    },
  })
  const events: Array<{ data: unknown }> = [chunk({ role: 'assistant', content: '', refusal: null })]
  if (answer.call) {
    // As OpenAI streams a call: id and name first, then the arguments in pieces.
    events.push(
      chunk({
        tool_calls: [
          { index: 0, id: answer.call.id, type: 'function', function: { name: answer.call.name, arguments: '' } },
        ],
      })
    )
    const args = answer.call.arguments
    const cut = Math.ceil(args.length / 2)
    for (const part of [args.slice(0, cut), args.slice(cut)])
      events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }))
  } else for (const part of pieces(answer.text ?? '')) events.push(chunk({ content: part }))
  if (textOf(messages.at(-1)?.content).includes(HANG)) {
    reply.sse(events.slice(0, 2), { hang: true })
    return
  }
  events.push(chunk({}, finish))
  if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage)
    events.push({ data: { ...base, object: 'chat.completion.chunk', choices: [], usage: OPENAI_USAGE } })
  events.push({ data: '[DONE]' })
  reply.sse(events)
}

const EMBEDDING = [0.25, -0.5, 0.75]
const EMBEDDING_BASE64 = Buffer.from(new Float32Array(EMBEDDING).buffer).toString('base64')

function embeddings(request: ReceivedRequest, reply: Reply): void {
  const input = request.body.input
  const inputs = Array.isArray(input) ? input : [input]
  if (typeof request.body.model !== 'string' || input === undefined)
    return invalid(reply, "Missing required parameter: 'input'.", 'input')
  reply.json(200, {
    object: 'list',
    // The official client asks for base64 (little-endian float32) unless told otherwise, as the API honours.
    data: inputs.map((_, index) => ({
      object: 'embedding',
      index,
      embedding: request.body.encoding_format === 'base64' ? EMBEDDING_BASE64 : EMBEDDING,
    })),
    model: request.body.model,
    usage: {
      prompt_tokens: OPENAI_EMBEDDING_TOKENS * inputs.length,
      total_tokens: OPENAI_EMBEDDING_TOKENS * inputs.length,
    },
  })
}

type ResponsesItem = {
  type?: string
  role?: string
  content?: unknown
  call_id?: string
  output?: unknown
  name?: string
}

/** The Responses API: text, a function call when tools are offered, the answer after its output. */
function responses(request: ReceivedRequest, reply: Reply): void {
  const body = request.body
  const input: ResponsesItem[] =
    typeof body.input === 'string'
      ? [{ type: 'message', role: 'user', content: body.input }]
      : ((body.input as ResponsesItem[] | undefined) ?? [])
  const calls = new Set<string>()
  for (const item of input) {
    if (item.type === 'function_call' && item.call_id) calls.add(item.call_id)
    if (
      item.type === 'function_call_output' &&
      !calls.has(item.call_id ?? '') &&
      body.previous_response_id === undefined
    )
      return invalid(reply, `No tool call found for function call output with call_id ${item.call_id}.`, 'input')
  }
  const tools = (
    (body.tools as Array<{ type?: string; name?: string; parameters?: unknown }> | undefined) ?? []
  ).filter((t) => t.type === 'function')
  for (const [i, tool] of tools.entries()) {
    const bad = badSchemaType(tool.parameters)
    if (bad !== undefined)
      return invalid(
        reply,
        `Invalid schema for function '${tool.name}'.`,
        `tools[${i}].parameters`,
        'invalid_function_parameters'
      )
  }
  const last = input.at(-1)
  const hang = last?.type !== 'function_call_output' && textOf(last?.content).includes(HANG)
  const format = (body.text as { format?: { type?: string; schema?: unknown } } | undefined)?.format
  let item: Record<string, unknown>
  if (last?.type !== 'function_call_output' && tools.length > 0 && body.tool_choice !== 'none') {
    const tool = tools[0]
    item = {
      type: 'function_call',
      id: 'fc_fake_1',
      call_id: 'call_fake_1',
      name: tool?.name,
      arguments: JSON.stringify(sampleFor(tool?.parameters)),
      status: 'completed',
    }
  } else {
    const text =
      last?.type === 'function_call_output'
        ? openaiToolAnswer(typeof last.output === 'string' ? last.output : JSON.stringify(last.output))
        : format?.type === 'json_schema'
          ? JSON.stringify(sampleFor(format.schema))
          : hang
            ? `${OPENAI_TEXT} And then a lot more that never arrives.`
            : OPENAI_TEXT
    item = {
      type: 'message',
      id: 'msg_fake_1',
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations: [] }],
    }
  }
  const usage = {
    input_tokens: OPENAI_USAGE.prompt_tokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: OPENAI_USAGE.completion_tokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: OPENAI_USAGE.total_tokens,
  }
  const response = (status: string, output: unknown[], withUsage: boolean) => ({
    id: 'resp_fake_1',
    object: 'response',
    created_at: 1_700_000_000,
    status,
    model: body.model,
    output,
    parallel_tool_calls: true,
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    text: body.text ?? { format: { type: 'text' } },
    usage: withUsage ? usage : null,
    error: null,
    incomplete_details: null,
  })
  if (body.stream !== true) return reply.json(200, response('completed', [item], true))
  let seq = 0
  const ev = (type: string, data: Record<string, unknown>) => ({
    event: type,
    data: { type, sequence_number: seq++, ...data },
  })
  const events = [
    ev('response.created', { response: response('in_progress', [], false) }),
    ev('response.in_progress', { response: response('in_progress', [], false) }),
  ]
  if (item.type === 'function_call') {
    events.push(
      ev('response.output_item.added', { output_index: 0, item: { ...item, arguments: '', status: 'in_progress' } })
    )
    events.push(
      ev('response.function_call_arguments.delta', { item_id: item.id, output_index: 0, delta: item.arguments })
    )
    events.push(
      ev('response.function_call_arguments.done', { item_id: item.id, output_index: 0, arguments: item.arguments })
    )
  } else {
    const text = (item.content as Array<{ text: string }>)[0]?.text ?? ''
    events.push(
      ev('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress', content: [] } })
    )
    events.push(
      ev('response.content_part.added', {
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        part: { type: 'output_text', text: '', annotations: [] },
      })
    )
    for (const part of pieces(text))
      events.push(
        ev('response.output_text.delta', {
          item_id: item.id,
          output_index: 0,
          content_index: 0,
          delta: part,
          logprobs: [],
        })
      )
    if (hang) return reply.sse(events.slice(0, 5), { hang: true })
    events.push(
      ev('response.output_text.done', { item_id: item.id, output_index: 0, content_index: 0, text, logprobs: [] })
    )
    events.push(
      ev('response.content_part.done', {
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        part: { type: 'output_text', text, annotations: [] },
      })
    )
  }
  events.push(ev('response.output_item.done', { output_index: 0, item }))
  events.push(ev('response.completed', { response: response('completed', [item], true) }))
  reply.sse(events)
}

export async function startOpenAIUpstream(): Promise<FakeServer> {
  return startFakeServer((request, reply) => {
    if (request.headers.authorization !== `Bearer ${OPENAI_KEY}`)
      return reply.json(401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      })
    const path = request.path.split('?')[0]
    if (request.method === 'POST' && path === '/v1/chat/completions') return chat(request, reply)
    if (request.method === 'POST' && path === '/v1/embeddings') return embeddings(request, reply)
    if (request.method === 'POST' && path === '/v1/responses') return responses(request, reply)
    reply.json(404, {
      error: {
        message: `Invalid URL (${request.method} ${path})`,
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    })
  })
}
