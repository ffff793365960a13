import { channelPolicy } from '../../lib/outbound/address-policy.ts'
import type { Services } from '../../services/container.ts'
import type { RelayChannel } from '../cache/channel-cache.ts'
import { readBounded } from '../relay-answers.ts'
import { RelayError } from '../relay-error.ts'
import {
  errorBodyUse,
  sanitize,
  upstreamBadResponse,
  upstreamHttpError,
  upstreamTransportError,
} from '../upstream/upstream-error.ts'
import type { UpstreamAnswer } from '../upstream/websocket-exchange.ts'

/** The answers of a Suno API server are small JSON documents; anything bigger is not one. */
const MAX_ANSWER = 4 * 1024 * 1024

/** One task as a Suno API server reports it from /suno/fetch. */
export interface UpstreamSunoTask {
  task_id: string
  action?: string
  status?: string
  fail_reason?: string
  submit_time?: number
  start_time?: number
  finish_time?: number
  progress?: string
  data?: unknown
}

function endpoint(channel: RelayChannel, path: string): URL {
  return new URL(`${channel.baseUrl.replace(/\/+$/, '')}${path}`)
}

/**
 * POSTs JSON to a Suno API server with the channel's key, through the relay's guarded upstream
 * pool (the channel address policy applies), and answers the `{code, message, data}` document.
 * A non-200 answer, an unreadable one, or one whose code is not "success" throws a RelayError
 * whose message never carries the channel key or an upstream URL.
 */
export async function callSuno(
  services: Services,
  channel: RelayChannel,
  path: string,
  body: unknown,
  signal: AbortSignal
): Promise<unknown> {
  let response: UpstreamAnswer
  try {
    response = await services.relay.upstream.send(
      {
        url: endpoint(channel, path),
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${channel.key}`,
        },
        body: JSON.stringify(body),
        signal,
      },
      channelPolicy(services.options, channel.privateNetwork)
    )
  } catch (error) {
    throw upstreamTransportError(error)
  }
  let text: string
  try {
    text = await readBounded(response.body, MAX_ANSWER)
  } catch (error) {
    throw error instanceof RelayError ? error : upstreamTransportError(error)
  }
  if (response.statusCode !== 200)
    throw upstreamHttpError(
      response.statusCode,
      text,
      channel.statusCodeMapping,
      channel.key,
      errorBodyUse(channel.baseUrl, 'structured')
    )
  let parsed: { code?: unknown; message?: unknown; data?: unknown }
  try {
    parsed = JSON.parse(text) as typeof parsed
  } catch {
    throw upstreamBadResponse()
  }
  if (parsed?.code !== 'success') {
    // A refusal the server explained (bad prompt, no credit): not worth another channel.
    const message = sanitize(
      typeof parsed?.message === 'string' && parsed.message ? parsed.message : String(parsed?.code ?? 'error'),
      channel.key
    )
    throw new RelayError({
      status: 400,
      type: 'upstream_error',
      code: typeof parsed?.code === 'string' && parsed.code ? parsed.code : 'upstream_refused',
      message,
      local: false,
    })
  }
  return parsed.data
}

/** Submits one task; answers the upstream task id. */
export async function submitSunoTask(
  services: Services,
  channel: RelayChannel,
  action: string,
  body: Record<string, unknown>,
  signal: AbortSignal
): Promise<string> {
  const data = await callSuno(services, channel, `/suno/submit/${action.toLowerCase()}`, body, signal)
  if (typeof data !== 'string' || data.length === 0 || data.length > 50) {
    throw upstreamBadResponse()
  }
  return data
}

/** Reads the state of several tasks of one channel at once. Entries that are not tasks are dropped. */
export async function fetchSunoTasks(
  services: Services,
  channel: RelayChannel,
  ids: string[],
  signal: AbortSignal
): Promise<UpstreamSunoTask[]> {
  const data = await callSuno(services, channel, '/suno/fetch', { ids, action: '' }, signal)
  if (!Array.isArray(data)) throw upstreamBadResponse()
  return data.filter(
    (item): item is UpstreamSunoTask =>
      typeof item === 'object' && item !== null && typeof (item as { task_id?: unknown }).task_id === 'string'
  )
}
