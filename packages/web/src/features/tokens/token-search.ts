import { integer, searchParams, text, type SearchOf } from '@/lib/search-params'

/**
 * /token's filters kept in the URL so a reload or a shared link shows the same list. The key
 * search is not among them: a whole key in the URL would sit in the history and in access logs,
 * so the page keeps it in memory (see TokensPage).
 */
const tokenShape = { keyword: text(255), p: integer(1) }
export const tokenSearchSchema = searchParams(tokenShape)
export type TokenSearch = SearchOf<typeof tokenShape>
