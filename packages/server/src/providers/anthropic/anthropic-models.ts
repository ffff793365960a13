/** The date every listed model carries (the OpenAI list's `created`, 1_700_000_000, in RFC 3339). */
const LISTED_AT = new Date(1_700_000_000 * 1000).toISOString().replace('.000Z', 'Z')

/** Anthropic's model object (https://docs.anthropic.com/en/api/models-list). */
export function anthropicModelObject(id: string) {
  return { type: 'model', id, display_name: id, created_at: LISTED_AT }
}

export interface AnthropicModelPageQuery {
  /** 1..1000, 20 when absent, as Anthropic's API has it */
  limit: number
  afterId?: string
  beforeId?: string
}

/**
 * One page of Anthropic's model list over sorted ids. The cursors compare as strings, so a page
 * boundary stays valid when the model it names has since gone from the list; `has_more` tells
 * whether more lie in the direction asked (backwards with before_id), as the SDK's pager reads it.
 */
export function anthropicModelPage(sortedIds: string[], query: AnthropicModelPageQuery) {
  let page: string[]
  let hasMore: boolean
  if (query.beforeId !== undefined) {
    const before = sortedIds.filter((id) => id < (query.beforeId as string))
    page = before.slice(-query.limit)
    hasMore = before.length > page.length
  } else {
    const after = query.afterId === undefined ? sortedIds : sortedIds.filter((id) => id > (query.afterId as string))
    page = after.slice(0, query.limit)
    hasMore = after.length > page.length
  }
  return {
    data: page.map(anthropicModelObject),
    has_more: hasMore,
    first_id: page[0] ?? null,
    last_id: page.at(-1) ?? null,
  }
}
