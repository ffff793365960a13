/** Search params of /user/reset, the page the reset mail links to (kept apart so the page can load lazily). */
export interface ResetConfirmSearch {
  email?: string
  token?: string
}

export const parseResetConfirmSearch = (search: Record<string, unknown>): ResetConfirmSearch => ({
  email: typeof search.email === 'string' ? search.email : undefined,
  token: typeof search.token === 'string' ? search.token : undefined,
})
