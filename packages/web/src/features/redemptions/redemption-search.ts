import { z } from 'zod'

/** /redemption's filter (an id or a name) and page, kept in the URL. */
export const redemptionSearchSchema = z.object({
  keyword: z.string().trim().max(255).optional().catch(undefined),
  p: z.coerce.number().int().min(1).optional().catch(undefined),
})
export type RedemptionSearch = z.infer<typeof redemptionSearchSchema>
