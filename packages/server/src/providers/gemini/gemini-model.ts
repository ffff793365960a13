/**
 * A model in Gemini's models.get / models.list shape (https://ai.google.dev/api/models). The
 * gateway knows which methods a model takes only from its name: embedding models embed, the
 * others generate; token limits are not known to it, so they are left out.
 */
export function geminiModelObject(id: string) {
  const embedding = /embed/i.test(id)
  return {
    name: `models/${id}`,
    baseModelId: id,
    displayName: id,
    supportedGenerationMethods: embedding
      ? ['embedContent', 'batchEmbedContents', 'countTokens']
      : ['generateContent', 'streamGenerateContent', 'countTokens'],
  }
}

/** Gemini's page size when the client names none, and the most it returns in one page. */
const DEFAULT_PAGE_SIZE = 50
const MAX_PAGE_SIZE = 1000

/**
 * One page of a model list. The page token is the offset of the page's first model, opaque to
 * clients; undefined when the token or size cannot be read (the caller answers 400).
 */
export function geminiModelPage(ids: string[], pageSize: string | undefined, pageToken: string | undefined) {
  const size = pageSize === undefined || pageSize === '' ? DEFAULT_PAGE_SIZE : Number(pageSize)
  const offset = pageToken === undefined || pageToken === '' ? 0 : Number(pageToken)
  if (!Number.isInteger(size) || size < 0 || !Number.isInteger(offset) || offset < 0) return undefined
  const limit = Math.min(size === 0 ? DEFAULT_PAGE_SIZE : size, MAX_PAGE_SIZE)
  const next = offset + limit
  return {
    models: ids.slice(offset, next).map(geminiModelObject),
    ...(next < ids.length ? { nextPageToken: String(next) } : {}),
  }
}
