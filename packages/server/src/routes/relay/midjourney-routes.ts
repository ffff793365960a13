import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { HonoEnv } from '../../context.ts'
import { translate } from '../../i18n/messages.ts'
import { channelPolicy, guardedFetch, policyFor, type OutboundPolicy } from '../../lib/outbound/index.ts'
import { serverAddress } from '../../lib/server-address.ts'
import { nowSeconds } from '../../lib/time.ts'
import { MjError } from '../../relay/midjourney/mj-errors.ts'
import { isMidjourneyChannel, submitMjTask, type MjCaller } from '../../relay/midjourney/mj-submit.ts'
import { findMjTask, findOwnMjTask, listOwnMjTasks } from '../../relay/midjourney/mj-task-lookup.ts'
import { toProxyTask } from '../../relay/midjourney/mj-task-view.ts'
import { callMjProxy } from '../../relay/midjourney/mj-upstream.ts'
import { RelayError } from '../../relay/relay-error.ts'
import { authenticateToken, readApiKey } from '../../relay/token-auth.ts'
import type { Services } from '../../services/container.ts'
import { relayErrorResponse } from './relay-errors.ts'

/** The speed prefixes a Midjourney client may put before /mj (stripped before forwarding). */
export const MJ_MODES = ['mj-fast', 'mj-turbo', 'mj-relax'] as const
/** Most task ids one list-by-condition call may ask for. */
const MAX_LIST_IDS = 1000
const MAX_IMAGE_BYTES = 20 * 1024 * 1024

/**
 * The address came from an upstream: an image on the channel's own proxy is fetched like the
 * channel (an admin chose that host), anything else under the strict policy for outside URLs.
 */
async function imagePolicy(services: Services, imageUrl: string, channelId: number): Promise<OutboundPolicy> {
  const channel = (await services.relay.channels.current()).channels.get(channelId)
  try {
    if (channel && new URL(channel.baseUrl).origin === new URL(imageUrl).origin)
      return channelPolicy(services.options, channel.privateNetwork)
  } catch {
    // An unreadable address falls through to the strict policy, which refuses it.
  }
  return policyFor(services.options, 'user')
}

/** Token problems keep the OpenAI shape every relay route uses; Midjourney refusals use the proxy's `{code, description}`. */
function mjErrorResponse(c: Context<HonoEnv>, error: unknown): Response {
  const language = c.get('language')
  if (error instanceof MjError) {
    const description = `${translate(error.messageKey, language, error.params)} (request id: ${c.get('requestId')})`
    return c.json({ code: error.code, description, type: error.type, result: '' }, error.status as ContentfulStatusCode)
  }
  if (error instanceof RelayError && error.code === 'model_not_found') {
    return c.json(
      {
        code: 4,
        description: `${error.text(language)} (request id: ${c.get('requestId')})`,
        type: error.type,
        result: '',
      },
      503
    )
  }
  return relayErrorResponse(c, error)
}

/** The token of a Midjourney client: Bearer like every relay route, or the proxy's own `mj-api-secret` header. */
async function mjCaller(c: Context<HonoEnv>): Promise<MjCaller> {
  const services = c.get('services')
  const headers = c.req.raw.headers
  let key = readApiKey(headers, new URL(c.req.url))
  // Clients written for the proxy send "midjourney-proxy" as a placeholder bearer and the real key beside it.
  if (!key || key === 'midjourney-proxy') key = (headers.get('mj-api-secret') ?? '').trim()
  return authenticateToken(
    services.relay.tokens,
    key,
    c.get('clientIp'),
    (raw) => services.secrets.lookupHash(raw),
    nowSeconds()
  )
}

/** The part of the path after `/mj/` (the same with or without a mode prefix). */
function mjPath(c: Context<HonoEnv>): string {
  const path = c.req.path
  const at = path.indexOf('/mj/')
  return at < 0 ? '' : path.slice(at + 4).replace(/\/+$/, '')
}

function handle(run: (c: Context<HonoEnv>) => Promise<Response>) {
  return async (c: Context<HonoEnv>) => {
    try {
      return await run(c)
    } catch (error) {
      return mjErrorResponse(c, error)
    }
  }
}

const taskIdParam = (c: Context<HonoEnv>): string => (c.req.param('id') ?? '').slice(0, 128)

const json = (c: Context<HonoEnv>, status: number, body: string) =>
  c.body(body, status as ContentfulStatusCode, { 'content-type': 'application/json' })

/**
 * The Midjourney-proxy surface, mounted at /mj and /{mode}/mj. Submits are priced per action
 * and forwarded to a Midjourney Proxy (type 2) or Proxy Plus (type 5) channel; fetches and lists
 * are answered from the gateway's own task rows (the poller keeps them current); the image route
 * is public (task ids are unguessable upstream ids) and only serves when MjForwardUrlEnabled.
 */
export function midjourneyRoutes(maxBodyBytes: number): Hono<HonoEnv> {
  return new Hono<HonoEnv>({ strict: false })
    .use('*', cors({ origin: '*', allowHeaders: ['*'], allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 86400 }))
    .use(
      '*',
      bodyLimit({
        maxSize: maxBodyBytes,
        onError: (c) => mjErrorResponse(c as Context<HonoEnv>, new MjError(413, 'common.payload_too_large')),
      })
    )
    .get(
      '/image/:id',
      handle(async (c) => {
        const services = c.get('services')
        if (!services.options.bool('MjForwardUrlEnabled')) throw new MjError(404, 'midjourney.image_not_found')
        const task = await findMjTask(services, taskIdParam(c))
        if (!task?.image_url) throw new MjError(404, 'midjourney.image_not_found')
        const policy = await imagePolicy(services, task.image_url, task.channel_id)
        let response: Awaited<ReturnType<typeof guardedFetch>>
        try {
          response = await guardedFetch(task.image_url, {}, { policy, maxBytes: MAX_IMAGE_BYTES, timeoutMs: 30_000 })
        } catch {
          throw new MjError(502, 'midjourney.image_failed', {}, { type: 'upstream_error' })
        }
        const type = response.headers.get('content-type') ?? ''
        if (response.status !== 200 || !type.startsWith('image/')) {
          await response.body?.cancel()
          throw new MjError(502, 'midjourney.image_failed', {}, { type: 'upstream_error' })
        }
        const bytes = Buffer.from(await response.arrayBuffer())
        return c.body(bytes, 200, {
          'content-type': type,
          'cache-control': task.status === 'SUCCESS' ? 'public, max-age=86400' : 'no-cache',
          'x-content-type-options': 'nosniff',
        })
      })
    )
    .get(
      '/task/:id/fetch',
      handle(async (c) => {
        const caller = await mjCaller(c)
        const services = c.get('services')
        const task = await findOwnMjTask(services, caller.user.id, taskIdParam(c))
        if (!task) throw new MjError(404, 'midjourney.task_not_found', { id: taskIdParam(c) })
        return c.json(toProxyTask(services.options, task, serverAddress(c)))
      })
    )
    .post(
      '/task/list-by-condition',
      handle(async (c) => {
        const caller = await mjCaller(c)
        const services = c.get('services')
        let ids: unknown
        try {
          ids = ((await c.req.json()) as { ids?: unknown }).ids
        } catch {
          throw new MjError(400, 'midjourney.invalid_body')
        }
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
          throw new MjError(400, 'midjourney.ids_invalid')
        if (ids.length > MAX_LIST_IDS) throw new MjError(400, 'midjourney.too_many_ids', { max: MAX_LIST_IDS })
        const tasks = await listOwnMjTasks(services, caller.user.id, [...new Set(ids as string[])])
        const address = serverAddress(c)
        return c.json(tasks.map((task) => toProxyTask(services.options, task, address)))
      })
    )
    .get(
      '/task/:id/image-seed',
      handle(async (c) => {
        const caller = await mjCaller(c)
        const services = c.get('services')
        const id = taskIdParam(c)
        const task = await findOwnMjTask(services, caller.user.id, id)
        if (!task) throw new MjError(404, 'midjourney.task_not_found', { id })
        const channel = (await services.relay.channels.current()).channels.get(task.channel_id)
        if (!channel || !isMidjourneyChannel(channel)) throw new MjError(503, 'midjourney.origin_channel_unavailable')
        const answer = await callMjProxy(services, channel, {
          method: 'GET',
          path: `/mj/task/${encodeURIComponent(id)}/image-seed`,
          timeoutMs: 30_000,
        })
        if (answer.status !== 200)
          throw new MjError(502, 'midjourney.upstream_status', { status: answer.status }, { type: 'upstream_error' })
        return json(c, 200, answer.text)
      })
    )
    .post(
      '/*',
      handle(async (c) => {
        const caller = await mjCaller(c)
        const result = await submitMjTask(c.get('services'), {
          path: mjPath(c),
          rawBody: await c.req.text(),
          caller,
          clientIp: c.get('clientIp'),
          requestId: c.get('requestId'),
        })
        return json(c, result.status, result.body)
      })
    )
    .all('*', (c) => mjErrorResponse(c, new MjError(404, 'midjourney.unknown_route', { path: c.req.path })))
}
