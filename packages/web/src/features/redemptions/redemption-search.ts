import { integer, searchParams, text, type SearchOf } from '@/lib/search-params'

/** /redemption's filter (an id or a name) and page, kept in the URL. */
const redemptionShape = { keyword: text(255), p: integer(1) }
export const redemptionSearchSchema = searchParams(redemptionShape)
export type RedemptionSearch = SearchOf<typeof redemptionShape>
