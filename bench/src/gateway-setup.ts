import { CLAUDE_BENCH_MODEL } from './scenarios.ts'

/**
 * Configures a fresh gateway through its real console API, as an operator would: root account,
 * sign-in, one OpenAI channel pointing at the mock, one unlimited API token.
 */

/** A gateway call that did not succeed; `call` names it (`POST /api/channel/`). */
export class GatewayCallError extends Error {
  readonly call: string
  readonly status: number

  constructor(call: string, status: number, detail: string) {
    super(`${call} → ${status === 0 ? 'no answer' : `HTTP ${status}`}: ${detail}`)
    this.name = 'GatewayCallError'
    this.call = call
    this.status = status
  }
}

interface Envelope {
  success?: boolean
  message?: string
  data?: unknown
}

export const BENCH_MODEL = 'gpt-4o-mini'
const USERNAME = 'root'
const PASSWORD = 'bench-Passw0rd-123'

type Caller = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>
) => Promise<{ envelope: Envelope; response: Response }>

/** Calls the console API and throws a GatewayCallError for anything but a successful envelope. */
export function gatewayCaller(gatewayUrl: string): Caller {
  return async (method, path, body, headers = {}) => {
    const name = `${method} ${path}`
    let response: Response
    try {
      response = await fetch(`${gatewayUrl}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? null : JSON.stringify(body),
      })
    } catch (error) {
      throw new GatewayCallError(name, 0, String(error))
    }
    const text = await response.text()
    let envelope: Envelope = {}
    try {
      envelope = JSON.parse(text) as Envelope
    } catch {
      throw new GatewayCallError(name, response.status, `not JSON: ${text.slice(0, 200)}`)
    }
    if (!response.ok || envelope.success !== true)
      throw new GatewayCallError(name, response.status, envelope.message ?? text.slice(0, 200))
    return { envelope, response }
  }
}

/** Creates the root account of a fresh gateway and signs it in; answers the headers of its session. */
export async function setupRoot(call: Caller): Promise<{ auth: Record<string, string>; userId: number }> {
  await call('POST', '/api/setup', { username: USERNAME, password: PASSWORD, confirmPassword: PASSWORD })
  const login = await call('POST', '/api/user/login', { username: USERNAME, password: PASSWORD })
  const cookie = login.response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('session='))
    .join('; ')
  const userId = (login.envelope.data as { id?: number } | undefined)?.id
  if (!cookie || userId === undefined)
    throw new GatewayCallError(
      'POST /api/user/login',
      login.response.status,
      'no session cookie or user id in the answer'
    )
  return { auth: { cookie, 'New-Api-User': String(userId) }, userId }
}

/** Sets the gateway up and returns the API key (`sk-…`) of its bench token. */
export async function configureGateway(gatewayUrl: string, mockUrl: string): Promise<string> {
  const call = gatewayCaller(gatewayUrl)
  const { auth } = await setupRoot(call)

  await call(
    'POST',
    '/api/channel/',
    {
      type: 1,
      name: 'mock',
      key: 'sk-mock',
      base_url: mockUrl,
      models: BENCH_MODEL,
      group: 'default',
      private_network: 1,
    },
    auth
  )
  // The converted scenario: an Anthropic channel on the same mock, which also answers /v1/messages.
  await call(
    'POST',
    '/api/channel/',
    {
      type: 14,
      name: 'mock-claude',
      key: 'sk-mock',
      base_url: mockUrl,
      models: CLAUDE_BENCH_MODEL,
      group: 'default',
      private_network: 1,
    },
    auth
  )
  const created = await call(
    'POST',
    '/api/token/',
    { name: 'bench', remain_quota: 0, unlimited_quota: true, expired_time: -1 },
    auth
  )
  const key = readKey(created.envelope.data) ?? (await findTokenKey(call, auth))
  return key.startsWith('sk-') ? key : `sk-${key}`
}

type Call = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>
) => Promise<{ envelope: Envelope }>

/** The bench token's key from the token list (1-based `page_size` or 0-based `size` paging), revealed if masked. */
async function findTokenKey(call: Call, auth: Record<string, string>): Promise<string> {
  for (const query of ['?p=1&page_size=10', '?p=0&size=10']) {
    const listed = await call('GET', `/api/token/${query}`, undefined, auth)
    const data = listed.envelope.data
    const items: unknown[] = Array.isArray(data)
      ? data
      : Array.isArray((data as { items?: unknown } | undefined)?.items)
        ? (data as { items: unknown[] }).items
        : []
    const token = (items.find((item) => (item as { name?: unknown }).name === 'bench') ?? items[0]) as
      { id?: number; key?: string } | undefined
    if (!token) continue
    if (token.key && !token.key.includes('*')) return token.key
    const revealed = await call('POST', `/api/token/${token.id}/key`, undefined, auth)
    // The key route answers the key without `sk-`, as the reference does.
    const key = readKey(revealed.envelope.data)
    if (key) return key.startsWith('sk-') ? key : `sk-${key}`
  }
  throw new GatewayCallError('GET /api/token/', 200, 'the created token is not in the list')
}

function readKey(data: unknown): string | undefined {
  if (typeof data === 'string' && data.length > 0 && !data.includes('*')) return data
  const key = (data as { key?: unknown } | undefined)?.key
  return typeof key === 'string' && key.length > 0 && !key.includes('*') ? key : undefined
}

/**
 * One request through the relay before measuring, so that a missing or broken relay is reported
 * as the call that failed rather than as thousands of errors.
 */
export async function probeRelay(gatewayUrl: string, key: string, body: string, stream: boolean): Promise<void> {
  const name = `POST /v1/chat/completions (${stream ? 'stream' : 'non-stream'})`
  let response: Response
  try {
    response = await fetch(`${gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    })
  } catch (error) {
    throw new GatewayCallError(name, 0, String(error))
  }
  const text = await response.text()
  if (!response.ok) throw new GatewayCallError(name, response.status, text.slice(0, 300))
  const complete = stream ? text.includes('data: [DONE]') && text.includes('"content"') : text.includes('"choices"')
  if (!complete) throw new GatewayCallError(name, response.status, `unexpected answer: ${text.slice(0, 300)}`)
}
