import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createHarness, type Harness } from './harness.ts'
import { addChannel, addToken, listen } from './relay-fixtures.ts'
import { startScriptedUpstream, type ScriptedAnswer, type ScriptedUpstream } from './scripted-upstream.ts'

/**
 * The gateway the conversion-fidelity files call through real client libraries: an OpenAI-style
 * upstream that refuses schemas OpenAI refuses (upper-case Gemini types, nullable, a non-object
 * root) and otherwise gives the answer a test sets, a Claude and a Gemini upstream, one channel
 * each (and a chat-only DeepSeek one on the OpenAI-style upstream), and a token with quota.
 */
export const MODEL = 'gpt-4o-mini'
/** a chat-only channel type (DeepSeek), where Responses clients are converted */
export const CHAT_ONLY = 'deepseek-chat'
export const CLAUDE = 'claude-sonnet-4-5'
export const GEMINI = 'gemini-2.0-flash'
const JSON_TYPES = new Set(['object', 'string', 'integer', 'number', 'boolean', 'array', 'null'])

/** What OpenAI says of a schema it refuses (upper-case Gemini types, nullable, no object at the root), or undefined. */
export function schemaFault(schema: unknown, where: string, root = true): string | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return `${where}: schema must be a JSON Schema object`
  const node = schema as Record<string, unknown>
  if (root && node.type !== 'object')
    return `${where}: schema must be a JSON Schema of 'type: "object"', got 'type: "${String(node.type)}"'`
  for (const type of Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]) {
    if (!JSON_TYPES.has(type as string))
      return `${where}: '${String(type)}' is not valid under any of the given schemas`
  }
  if ('nullable' in node || 'propertyOrdering' in node) return `${where}: additional properties are not allowed`
  for (const [name, sub] of Object.entries((node.properties as Record<string, unknown> | undefined) ?? {})) {
    const fault = schemaFault(sub, `${where}.properties.${name}`, false)
    if (fault) return fault
  }
  return node.items === undefined ? undefined : schemaFault(node.items, `${where}.items`, false)
}

export const refuse = (message: string, param: string): ScriptedAnswer => ({
  status: 400,
  json: {
    error: {
      message: `Invalid schema for ${message}`,
      type: 'invalid_request_error',
      param,
      code: 'invalid_function_parameters',
    },
  },
})

export const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: MODEL, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`

export let h: Harness
export let upstream: ScriptedUpstream
export let claude: ScriptedUpstream
export let gemini: ScriptedUpstream
export let server: { url: string; close: () => Promise<void> }
export let key: string
/** the answer given once the request passed OpenAI's checks (each test sets answers.reply) */
export const answers: { reply: (body: Record<string, unknown>) => ScriptedAnswer } = {
  reply: () => {
    throw new Error('this test set no answers.reply')
  },
}

/** Registers the hooks that start the three upstreams, the gateway and its channels for the calling test file. */
export function useConversionRig(): void {
  beforeAll(async () => {
    upstream = await startScriptedUpstream()
    upstream.answer = (_path, body) => {
      const tools = (body.tools as { function: { name: string; parameters?: unknown } }[] | undefined) ?? []
      for (const [index, tool] of tools.entries()) {
        const fault = schemaFault(tool.function.parameters, `function '${tool.function.name}'`)
        if (fault) return refuse(fault, `tools[${index}].function.parameters`)
      }
      const format = body.response_format as { type: string; json_schema?: { schema?: unknown } } | undefined
      if (format?.type === 'json_schema') {
        const schema = format.json_schema?.schema
        if (!schema) return refuse("response_format 'response': schema is required", 'response_format')
        // OpenAI takes any root in non-strict mode; the types inside must still be JSON Schema's.
        const fault = schemaFault({ type: 'object', properties: { root: schema } }, "response_format 'response'")
        if (fault) return refuse(fault, 'response_format')
      }
      return answers.reply(body)
    }
    claude = await startScriptedUpstream()
    gemini = await startScriptedUpstream()
    h = await createHarness()
    await h.setupRoot()
    const user = await h.createUser(1, { quota: 50_000_000 })
    await addChannel(h, { name: 'openai', type: 1, baseUrl: upstream.url, models: MODEL })
    await addChannel(h, { name: 'deepseek', type: 43, baseUrl: upstream.url, models: CHAT_ONLY })
    await addChannel(h, { name: 'claude', type: 14, baseUrl: claude.url, models: CLAUDE })
    await addChannel(h, { name: 'gemini', type: 24, baseUrl: gemini.url, models: GEMINI })
    await h.services.options.set(
      'ModelRatio',
      JSON.stringify({ [MODEL]: 0.075, [CHAT_ONLY]: 0.135, [CLAUDE]: 1.5, [GEMINI]: 0.05 })
    )
    key = (await addToken(h, user.id)).key
    server = await listen(h)
  })
  afterAll(async () => {
    await server.close()
    await h.close()
    await upstream.stop()
    await claude.stop()
    await gemini.stop()
  })
  beforeEach(() => {
    upstream.seen.length = 0
    claude.seen.length = 0
    gemini.seen.length = 0
  })
}
