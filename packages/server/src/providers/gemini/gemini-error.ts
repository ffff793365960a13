/** Google's canonical status names by HTTP status (https://ai.google.dev/gemini-api/docs/troubleshooting). */
export function geminiStatus(status: number): string {
  if (status === 400) return 'INVALID_ARGUMENT'
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return 'PERMISSION_DENIED'
  if (status === 404) return 'NOT_FOUND'
  if (status === 429) return 'RESOURCE_EXHAUSTED'
  if (status === 501) return 'UNIMPLEMENTED'
  if (status === 503) return 'UNAVAILABLE'
  if (status === 504) return 'DEADLINE_EXCEEDED'
  return 'INTERNAL'
}

/** An error in Google's shape, as Gemini clients expect it. */
export function geminiErrorBody(status: number, message: string) {
  return { error: { code: status, message, status: geminiStatus(status) } }
}
