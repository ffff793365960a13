import type { Context } from 'hono'
import type { z } from 'zod'
import { AppError } from '../errors/app-error.ts'

/**
 * Reads a JSON body and validates it. Only `application/json` is accepted: browsers cannot send
 * it cross-site without a preflight, which keeps public POSTs such as login out of reach of
 * forged forms.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) throw new AppError('BAD_REQUEST', 'common.unsupported_media_type')
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new AppError('BAD_REQUEST', 'common.invalid_json')
  }
  return schema.parse(body)
}
