import { integer, searchParams, text, type SearchOf } from '@/lib/search-params'

/** /user's filters (a keyword and a group) and page, kept in the URL. */
const userShape = { keyword: text(255), group: text(64), p: integer(1) }
export const userSearchSchema = searchParams(userShape)
export type UserSearch = SearchOf<typeof userShape>
