import { z } from 'zod'

/**
 * /token's filters kept in the URL so a reload or a shared link shows the same list. The key
 * search is not among them: a whole key in the URL would sit in the history and in access logs,
 * so the page keeps it in memory (see TokensPage).
 */
export const tokenSearchSchema = z.object({
  keyword: z.string().trim().max(255).optional().catch(undefined),
  p: z.coerce.number().int().min(1).optional().catch(undefined),
})
export type TokenSearch = z.infer<typeof tokenSearchSchema>
