import { anyText, integer, searchParams, type SearchOf } from '@/lib/search-params'

/** /channel filters live in the URL (keyword, model, group); anything else is dropped. */
const channelsShape = { keyword: anyText, model: anyText, group: anyText }
export const channelsSearchSchema = searchParams(channelsShape)
export type ChannelsSearch = SearchOf<typeof channelsShape>

/** /channel/add?copy=<id> opens the editor prefilled from that channel. */
export const channelAddSearchSchema = searchParams({ copy: integer(1) })
