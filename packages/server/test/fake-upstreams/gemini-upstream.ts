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
 * A fake Gemini API (generateContent, streamGenerateContent?alt=sse, embedContent,
 * batchEmbedContents, countTokens) that answers deterministically and refuses what the real API
 * refuses, in Google's error shape: a wrong or missing key, a role other than user/model, a
 * `functionResponse` with no `functionCall` of that name in the model turn before it, a tool with
 * both `parameters` and `parametersJsonSchema`. Every answer reports the same usage.
 */
export const GEMINI_KEY = 'AIza-fake-gemini-upstream'
export const GEMINI_USAGE = { promptTokenCount: 17, candidatesTokenCount: 5, totalTokenCount: 22 }
export const GEMINI_EMBEDDING_TOKENS = 3
export const GEMINI_TEXT = 'Hello from the Gemini fake.'
export const geminiToolAnswer = (result: string) => `The tool said: ${result}`

type Part = {
  text?: string
  functionCall?: { name?: string; args?: unknown }
  functionResponse?: { name?: string; response?: unknown }
}
type Content = { role?: string; parts?: Part[] }
type Declaration = { name?: string; parameters?: unknown; parametersJsonSchema?: unknown }

const refuse = (reply: Reply, code: number, status: string, message: string) =>
  reply.json(code, { error: { code, message, status } })

function check(body: Record<string, unknown>, reply: Reply): boolean {
  const contents = body.contents as Content[] | undefined
  if (!Array.isArray(contents) || contents.length === 0)
    return (
      refuse(reply, 400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified'),
      false
    )
  for (const [i, c] of contents.entries()) {
    if (c.role !== undefined && c.role !== 'user' && c.role !== 'model')
      return (
        refuse(
          reply,
          400,
          'INVALID_ARGUMENT',
          `Please use a valid role: user, model. (contents[${i}].role: ${c.role})`
        ),
        false
      )
    const previousCalls = new Set(
      (contents[i - 1]?.parts ?? []).filter((p) => p.functionCall).map((p) => p.functionCall?.name)
    )
    for (const p of c.parts ?? [])
      if (p.functionResponse && (contents[i - 1]?.role !== 'model' || !previousCalls.has(p.functionResponse.name)))
        return (
          refuse(
            reply,
            400,
            'INVALID_ARGUMENT',
            'Please ensure that function response turn comes immediately after a function call turn. And the number of function response parts should be equal to number of function call parts of the function call turn.'
          ),
          false
        )
  }
  for (const tool of (body.tools as Array<{ functionDeclarations?: Declaration[] }> | undefined) ?? [])
    for (const d of tool.functionDeclarations ?? [])
      if (d.parameters !== undefined && d.parametersJsonSchema !== undefined)
        return (
          refuse(
            reply,
            400,
            'INVALID_ARGUMENT',
            `functionDeclaration ${d.name}: parameters and parametersJsonSchema cannot both be set`
          ),
          false
        )
  return true
}

/**
 * The tool's output inside a functionResponse, whatever key a client or converter wrapped it in
 * ({content}, {result}, {output}, ...); the tool's name beside it is not its output.
 */
function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (value === null || typeof value !== 'object') return undefined
  const record = value as Record<string, unknown>
  for (const key of ['content', 'result', 'output']) {
    const found = firstString(record[key])
    if (found !== undefined) return found
  }
  for (const [key, sub] of Object.entries(record)) {
    if (key === 'name') continue
    const found = firstString(sub)
    if (found !== undefined) return found
  }
  return undefined
}

function decide(body: Record<string, unknown>): { text?: string; call?: { name: string; args: unknown } } {
  const contents = body.contents as Content[]
  const last = contents.at(-1)?.parts ?? []
  const response = last.find((p) => p.functionResponse)?.functionResponse
  if (response) return { text: geminiToolAnswer(firstString(response.response) ?? JSON.stringify(response.response)) }
  const declarations = ((body.tools as Array<{ functionDeclarations?: Declaration[] }> | undefined) ?? []).flatMap(
    (t) => t.functionDeclarations ?? []
  )
  const mode = (
    body.toolConfig as { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } } | undefined
  )?.functionCallingConfig
  if (declarations.length > 0 && mode?.mode !== 'NONE') {
    const d = declarations.find((x) => mode?.allowedFunctionNames?.includes(x.name ?? '')) ?? declarations[0]
    return { call: { name: d?.name ?? '', args: sampleFor(d?.parametersJsonSchema ?? d?.parameters) } }
  }
  const config = (body.generationConfig ?? {}) as {
    responseMimeType?: string
    responseSchema?: unknown
    responseJsonSchema?: unknown
  }
  if (config.responseMimeType === 'application/json')
    return { text: JSON.stringify(sampleFor(config.responseJsonSchema ?? config.responseSchema ?? { type: 'object' })) }
  if (last.some((p) => p.text?.includes(HANG)))
    return { text: `${GEMINI_TEXT} And then a lot more that never arrives.` }
  return { text: GEMINI_TEXT }
}

function generate(request: ReceivedRequest, reply: Reply, stream: boolean, model: string): void {
  const body = request.body
  if (!check(body, reply)) return
  const answer = decide(body)
  const candidate = (parts: Part[], finish?: string) => ({
    content: { role: 'model', parts },
    ...(finish ? { finishReason: finish } : {}),
    index: 0,
  })
  const envelope = (parts: Part[], finish?: string) => ({
    candidates: [candidate(parts, finish)],
    usageMetadata: GEMINI_USAGE,
    modelVersion: model,
    responseId: 'fake-response-1',
  })
  const parts: Part[] = answer.call ? [{ functionCall: answer.call }] : [{ text: answer.text }]
  if (!stream) return reply.json(200, envelope(parts, 'STOP'))
  if (answer.call) return reply.sse([{ data: envelope(parts, 'STOP') }])
  const texts = pieces(answer.text ?? '')
  // Gemini repeats the usage on every chunk; the prompt count is known from the first one.
  const events = texts.map((text, i) => ({ data: envelope([{ text }], i === texts.length - 1 ? 'STOP' : undefined) }))
  const lastParts = (body.contents as Content[]).at(-1)?.parts ?? []
  if (lastParts.some((p) => p.text?.includes(HANG))) return reply.sse(events.slice(0, 1), { hang: true })
  reply.sse(events)
}

export async function startGeminiUpstream(): Promise<FakeServer> {
  return startFakeServer((request, reply) => {
    const url = new URL(request.path, 'http://fake')
    const key = request.headers['x-goog-api-key'] ?? url.searchParams.get('key')
    if (key !== GEMINI_KEY)
      return reply.json(400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
            },
          ],
        },
      })
    const match = /^\/v1(?:beta)?\/models\/([^/:]+):(\w+)$/.exec(url.pathname)
    if (request.method !== 'POST' || !match) return refuse(reply, 404, 'NOT_FOUND', `Not found: ${url.pathname}`)
    const [, model = '', method] = match
    if (method === 'generateContent') return generate(request, reply, false, model)
    if (method === 'streamGenerateContent') {
      if (url.searchParams.get('alt') !== 'sse')
        return refuse(reply, 400, 'INVALID_ARGUMENT', 'this fake streams only with alt=sse')
      return generate(request, reply, true, model)
    }
    if (method === 'embedContent') {
      if (!(request.body.content as Content | undefined)?.parts)
        return refuse(reply, 400, 'INVALID_ARGUMENT', '* EmbedContentRequest.content: contents is not specified')
      return reply.json(200, { embedding: { values: [0.25, -0.5, 0.75] } })
    }
    if (method === 'batchEmbedContents') {
      const requests = (request.body.requests as unknown[] | undefined) ?? []
      if (requests.length === 0)
        return refuse(reply, 400, 'INVALID_ARGUMENT', '* BatchEmbedContentsRequest.requests: requests is not specified')
      return reply.json(200, { embeddings: requests.map(() => ({ values: [0.25, -0.5, 0.75] })) })
    }
    if (method === 'countTokens') return reply.json(200, { totalTokens: GEMINI_USAGE.promptTokenCount })
    refuse(reply, 404, 'NOT_FOUND', `Method not found: ${method}`)
  })
}
