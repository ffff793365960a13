import { z } from 'zod'

/** /channel filters live in the URL (keyword, model, group); anything else is dropped. */
export const channelsSearchSchema = z.object({
  keyword: z.string().optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  group: z.string().optional().catch(undefined),
})
export type ChannelsSearch = z.infer<typeof channelsSearchSchema>

/** /channel/add?copy=<id> opens the editor prefilled from that channel. */
export const channelAddSearchSchema = z.object({
  copy: z.coerce.number().int().positive().optional().catch(undefined),
})
