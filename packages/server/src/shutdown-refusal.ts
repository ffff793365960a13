import { STATUS_CODES, type IncomingMessage } from 'node:http'
import { pickLanguage, translate, type Language } from './i18n/messages.ts'
import { newRequestId, REQUEST_ID_HEADER } from './middleware/request-context.ts'
import { MJ_MODES } from './routes/relay/midjourney-routes.ts'

/** What a request that reaches a stopping instance is told; the shape follows the surface it called. */
export interface Refusal {
  status: 503
  headers: Record<string, string | number>
  body: string
}

const RELAY_PREFIXES = ['/v1', '/v1beta', '/mj', '/suno', '/pg', ...MJ_MODES.map((mode) => `/${mode}/mj`)]

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

/**
 * 503 with `Connection: close`, so the client's next attempt opens a new connection, which the load
 * balancer sends to an instance that still listens. Relay clients (OpenAI SDKs and the like) get
 * the OpenAI error shape they parse; the console gets its envelope; anything else plain text.
 */
export function shutdownRefusal(req: IncomingMessage, fallback: Language): Refusal {
  const language = pickLanguage(header(req.headers['accept-language']), fallback)
  const url = req.url ?? '/'
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  const message = translate('common.shutting_down', language)
  const requestId = newRequestId()
  let contentType = 'application/json'
  let body: string
  const relay = RELAY_PREFIXES.some((prefix) => under(path, prefix))
  if (relay) {
    body = JSON.stringify({
      error: {
        message: `${message} (request id: ${requestId})`,
        type: 'new_api_error',
        param: '',
        code: 'server_shutting_down',
      },
    })
  } else if (under(path, '/api')) {
    // Nothing failed: the client only has to retry, which reaches an instance that still listens.
    body = JSON.stringify({ success: false, message, code: 'SERVICE_UNAVAILABLE' })
  } else {
    contentType = 'text/plain; charset=utf-8'
    body = message
  }
  return {
    status: 503,
    headers: {
      'content-type': contentType,
      'content-length': Buffer.byteLength(body),
      connection: 'close',
      [REQUEST_ID_HEADER]: requestId,
      // Browsers calling the relay from another origin must be able to read why it failed, as with its other answers.
      ...(relay ? { 'access-control-allow-origin': '*' } : {}),
    },
    body,
  }
}

/** The same answer as raw bytes, for a socket that asked for a WebSocket upgrade. */
export function rawRefusal(refusal: Refusal): string {
  const lines = Object.entries(refusal.headers).map(([name, value]) => `${name}: ${value}`)
  return `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n${lines.join('\r\n')}\r\n\r\n${refusal.body}`
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
