import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { HonoEnv } from '../../context.ts'
import { nowSeconds } from '../../lib/time.ts'
import { localError } from '../../relay/relay-error.ts'
import { submitSunoTask, SUNO_PLATFORM } from '../../relay/suno/submit-suno-task.ts'
import { SunoError, sunoErrorBody } from '../../relay/suno/suno-error.ts'
import { findOwnTasks } from '../../relay/suno/suno-task-lookup.ts'
import { toSunoTaskView } from '../../relay/suno/suno-task-view.ts'
import { authenticateToken, readApiKey } from '../../relay/token-auth.ts'
import { relayErrorResponse } from './relay-errors.ts'

/** Task bodies are prompts and lyrics; a megabyte is plenty. */
const SUNO_BODY_LIMIT = 1024 * 1024
/** Most task ids one fetch may name. */
export const SUNO_FETCH_MAX_IDS = 100

function tokenCaller(c: Context<HonoEnv>) {
  const services = c.get('services')
  return authenticateToken(
    services.relay.tokens,
    readApiKey(c.req.raw.headers, new URL(c.req.url)),
    c.get('clientIp'),
    (key) => services.secrets.lookupHash(key),
    nowSeconds()
  )
}

/** Failures answer in the task shape `{code, message, data: null}` Suno clients read, with a real status. */
function sunoFailure(c: Context<HonoEnv>, error: unknown): Response {
  const answer = sunoErrorBody(error, c.get('language'), c.get('requestId'))
  if (!answer) return relayErrorResponse(c, error)
  return c.json(answer.body, answer.status as ContentfulStatusCode)
}

function readIds(body: unknown): string[] {
  const ids = (body as { ids?: unknown } | null)?.ids
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    !ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 50)
  ) {
    throw new SunoError(400, 'invalid_request', 'suno.ids_required')
  }
  if (ids.length > SUNO_FETCH_MAX_IDS)
    throw new SunoError(400, 'invalid_request', 'suno.ids_too_many', { max: SUNO_FETCH_MAX_IDS })
  return [...new Set(ids as string[])]
}

/**
 * /suno: the Suno task relay. Every route needs an API token. Submitting charges the per-call
 * price of suno_music or suno_lyrics once the upstream accepts; fetching reads the caller's own
 * tasks from the database (kept current by the task poller), so one user never sees another's.
 */
export function sunoRoutes(): Hono<HonoEnv> {
  return new Hono<HonoEnv>({ strict: false })
    .use('*', cors({ origin: '*', allowHeaders: ['*'], allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 86400 }))
    .use(
      '*',
      bodyLimit({
        maxSize: SUNO_BODY_LIMIT,
        onError: (c) =>
          sunoFailure(
            c as Context<HonoEnv>,
            localError(413, 'request_too_large', 'request.too_large', undefined, 'invalid_request_error')
          ),
      })
    )
    .post('/submit/:action', async (c) => {
      const startedMs = performance.now()
      try {
        const caller = await tokenCaller(c)
        const taskId = await submitSunoTask(c.get('services'), {
          action: c.req.param('action'),
          rawBody: await c.req.text(),
          caller,
          language: c.get('language'),
          startedMs,
          clientSignal: c.req.raw.signal,
          requestId: c.get('requestId'),
        })
        return c.json({ code: 'success', message: '', data: taskId })
      } catch (error) {
        return sunoFailure(c, error)
      }
    })
    .post('/fetch', async (c) => {
      try {
        const caller = await tokenCaller(c)
        let body: unknown
        try {
          body = JSON.parse(await c.req.text())
        } catch {
          throw new SunoError(400, 'invalid_request', 'suno.body_invalid')
        }
        const rows = await findOwnTasks(c.get('services'), caller.user.id, SUNO_PLATFORM, readIds(body))
        return c.json({ code: 'success', message: '', data: rows.map(toSunoTaskView) })
      } catch (error) {
        return sunoFailure(c, error)
      }
    })
    .get('/fetch/:id', async (c) => {
      try {
        const caller = await tokenCaller(c)
        const id = c.req.param('id')
        const [row] = id.length <= 50 ? await findOwnTasks(c.get('services'), caller.user.id, SUNO_PLATFORM, [id]) : []
        // Another user's task answers exactly like a missing one.
        if (!row) throw new SunoError(404, 'task_not_exist', 'suno.task_not_found')
        return c.json({ code: 'success', message: '', data: toSunoTaskView(row) })
      } catch (error) {
        return sunoFailure(c, error)
      }
    })
    .all('*', (c) =>
      sunoFailure(
        c,
        localError(
          404,
          'invalid_url',
          'request.unknown_route',
          { method: c.req.method, path: c.req.path },
          'invalid_request_error'
        )
      )
    )
}
