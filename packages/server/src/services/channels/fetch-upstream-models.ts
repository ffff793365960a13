import { ChannelType, type FetchModelsInput } from '@gateway/shared'
import { AppError } from '../../errors/app-error.ts'
import { adapterFor } from '../../providers/registry.ts'
import type { RelayChannel } from '../../relay/cache/channel-cache.ts'
import type { Services } from '../container.ts'
import { ChannelCallError, field, firstKeyLine, getChannelJson } from './channel-upstream-fetch.ts'

/** What a model-list call needs: the upstream kind, its address and one key. */
export interface ModelListTarget {
  type: number
  baseUrl: string
  key: string
  /** the root allowed private addresses for this channel (or these typed-in credentials) */
  privateNetwork: boolean
}

/**
 * Where a channel type lists its models. OpenAI-compatible types reuse their adapter's URL (so path
 * prefixes such as Ali's /compatible-mode/v1 and default base URLs are right); Gemini lists through
 * its OpenAI-compatible surface; anything else gets `{base}/v1/models`.
 * @see https://ai.google.dev/gemini-api/docs/openai#list-models
 * @see https://docs.anthropic.com/en/api/models-list
 */
function modelListCall(target: ModelListTarget): { url: string; headers: Record<string, string> } {
  const key = firstKeyLine(target.key)
  const bearer = { authorization: `Bearer ${key}` }
  const base = target.baseUrl.replace(/\/+$/, '')
  if (target.type === ChannelType.gemini)
    return { url: `${base || 'https://generativelanguage.googleapis.com'}/v1beta/openai/models`, headers: bearer }
  if (target.type === ChannelType.anthropic) {
    return {
      url: `${base || 'https://api.anthropic.com'}/v1/models`,
      headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    }
  }
  const adapter = target.type === ChannelType.custom ? undefined : adapterFor(target.type)
  if (adapter) {
    const channel = { baseUrl: base, key, organization: '' } as RelayChannel
    let chat: string
    try {
      chat = adapter.buildUrl(channel, 'chat', 'model', false).href
    } catch {
      throw new ChannelCallError('the channel has no base URL')
    }
    return {
      url: chat.replace(/\/chat\/completions$/, '/models'),
      headers: { ...adapter.buildHeaders(channel, 'chat') },
    }
  }
  if (!base) throw new ChannelCallError('the channel has no base URL')
  return { url: `${base}/v1/models`, headers: bearer }
}

/** Model ids from `{data: [{id}]}` (OpenAI) or `{models: [{name}]}`; Gemini's `models/` prefix removed. */
function readModelIds(answer: unknown): string[] {
  const list = field(answer, 'data') ?? field(answer, 'models')
  if (!Array.isArray(list)) throw new ChannelCallError('the answer carries no model list')
  const ids = list
    .map((entry) => field(entry, 'id') ?? field(entry, 'name'))
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .map((id) => id.replace(/^models\//, ''))
  return [...new Set(ids)]
}

/** The upstream's model ids; failures become '获取模型列表失败：reason'. */
export async function fetchModelList(services: Services, target: ModelListTarget): Promise<string[]> {
  try {
    const call = modelListCall(target)
    return readModelIds(
      await getChannelJson(services, call.url, call.headers, firstKeyLine(target.key), target.privateNetwork)
    )
  } catch (error) {
    if (error instanceof ChannelCallError)
      throw new AppError('BAD_REQUEST', 'channel.fetch_models_failed', { reason: error.reason })
    throw error
  }
}

export async function requireRelayChannel(services: Services, id: number): Promise<RelayChannel> {
  const channel = (await services.relay.channels.current()).channels.get(id)
  if (!channel) throw new AppError('NOT_FOUND', 'channel.not_found')
  return channel
}

/** GET /api/channel/fetch_models/:id: with the channel's stored (decrypted) key. */
export async function fetchChannelModels(services: Services, id: number): Promise<string[]> {
  const channel = await requireRelayChannel(services, id)
  return fetchModelList(services, {
    type: channel.type,
    baseUrl: channel.baseUrl,
    key: channel.key,
    privateNetwork: channel.privateNetwork,
  })
}

/**
 * POST /api/channel/fetch_models (root): credentials typed into the editor, not saved yet. The root
 * is the one who decides about private networks, so the address may be a local model server.
 */
export function fetchModelsFor(services: Services, input: FetchModelsInput): Promise<string[]> {
  return fetchModelList(services, { type: input.type, baseUrl: input.base_url, key: input.key, privateNetwork: true })
}
