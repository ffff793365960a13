import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts'

/** 1-based `p` and `page_size`, clamped so that no list can ask for more than 100 rows. */
export const pageQuery = z.object({
  p: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  page_size: z.coerce
    .number()
    .int()
    .catch(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(Math.max(n, 1), MAX_PAGE_SIZE)),
})
export type PageQuery = z.infer<typeof pageQuery>

/** A search box value from the query string: trimmed, at most 255 characters, '' when absent. */
export const searchText = z
  .string()
  .catch('')
  .transform((value) => value.trim().slice(0, 255))

/** Paginated list response */
export interface Page<T> {
  items: T[]
  page: number
  page_size: number
  total: number
}
