import { z } from 'zod'

/** /user's filters (a keyword and a group) and page, kept in the URL. */
export const userSearchSchema = z.object({
  keyword: z.string().trim().max(255).optional().catch(undefined),
  group: z.string().trim().max(64).optional().catch(undefined),
  p: z.coerce.number().int().min(1).optional().catch(undefined),
})
export type UserSearch = z.infer<typeof userSearchSchema>
