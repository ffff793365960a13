import { pageQuery, type PageQuery } from '@gateway/shared'
import type { Context } from 'hono'
import type { z } from 'zod'
import { AppError } from '../../errors/app-error.ts'
import type { MessageKey } from '../../i18n/messages.ts'

/**
 * The query string read through a shared schema. `size` is accepted as an alias of `page_size`
 * (the reference console pages tokens with `size`).
 */
export function readQuery<S extends z.ZodType<PageQuery>>(c: Context, schema: S): z.output<S> {
  const query = c.req.query()
  return schema.parse({ ...query, page_size: query.page_size ?? query.size })
}

/** Paging parameters alone: 1-based `p`, `page_size` clamped to 1..100. */
export const readPage = (c: Context): PageQuery => readQuery(c, pageQuery)

/** A positive integer path id; anything else is answered like a missing record. */
export function readId(c: Context, notFound: MessageKey): number {
  const raw = c.req.param('id') ?? ''
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0
  if (id < 1 || id > 2_147_483_647) throw new AppError('NOT_FOUND', notFound)
  return id
}
