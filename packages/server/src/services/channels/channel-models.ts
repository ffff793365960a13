import type { ModelDescriptor, UpstreamDetection } from '@gateway/shared'
import { listEnabledModels } from '../../db/queries/abilities.ts'
import { findChannelGroups } from '../../db/queries/channels.ts'
import { listChannelUseByGroup } from '../../db/queries/log-search.ts'
import { adapterFor } from '../../providers/registry.ts'
import type { Services } from '../container.ts'
import { fetchModelList, requireRelayChannel } from './fetch-upstream-models.ts'

/** The reference system's fixed `created` for built-in models (2021-07-20): a picker needs none better. */
const BUILT_IN_CREATED = 1_626_777_600

const owners: [RegExp, string][] = [
  [/^(gpt-|o\d|chatgpt|text-embedding|dall-e|gpt-image|whisper|tts-|omni-moderation|davinci|babbage)/, 'openai'],
  [/^claude/, 'anthropic'],
  [/^(gemini|text-embedding-004|imagen|veo)/, 'google'],
  [/^deepseek/, 'deepseek'],
  [/^(glm|chatglm|cogview)/, 'zhipu'],
  [/^(qwen|qwq|text-embedding-v)/, 'ali'],
  [/^(moonshot|kimi)/, 'moonshot'],
  [/^(mistral|codestral|open-mi)/, 'mistral'],
  [/^grok/, 'xai'],
]
const ownerOf = (model: string): string => owners.find(([pattern]) => pattern.test(model))?.[1] ?? 'custom'

function optionKeys(services: Services, key: 'ModelRatio' | 'ModelPrice'): string[] {
  try {
    const value = services.options.json<Record<string, unknown>>(key)
    return value && typeof value === 'object' ? Object.keys(value) : []
  } catch {
    return []
  }
}

/** GET /api/channel/models: every model with a ratio or a price, and every model an enabled channel serves. */
export async function listModelDescriptors(services: Services): Promise<ModelDescriptor[]> {
  const names = new Set([
    ...optionKeys(services, 'ModelRatio'),
    ...optionKeys(services, 'ModelPrice'),
    ...(await listEnabledModels(services.db)),
  ])
  return [...names].sort().map((id) => ({ id, object: 'model', created: BUILT_IN_CREATED, owned_by: ownerOf(id) }))
}

/**
 * GET /api/channel/test_upstream/:id. to_add = upstream models the channel does not list and that
 * are not already reached through its model mapping (a mapping target); to_remove = channel models
 * the upstream no longer lists, except mapping sources (their upstream name differs on purpose).
 * `groups`: per group of the channel, first and last consume log through it, and the client
 * protocols the channel can serve (its adapter's endpoints; empty when no adapter relays it).
 */
export async function detectUpstream(services: Services, id: number): Promise<UpstreamDetection> {
  const channel = await requireRelayChannel(services, id)
  const upstream = await fetchModelList(services, {
    type: channel.type,
    baseUrl: channel.baseUrl,
    key: channel.key,
    privateNetwork: channel.privateNetwork,
  })
  const upstreamSet = new Set(upstream)
  const own = new Set(channel.models)
  const mappingTargets = new Set(Object.values(channel.modelMapping))
  const to_add = upstream.filter((model) => !own.has(model) && !mappingTargets.has(model)).sort()
  const to_remove = channel.models
    .filter((model) => !upstreamSet.has(model) && !Object.hasOwn(channel.modelMapping, model))
    .sort()

  const groups = (await findChannelGroups(services.db, id)).split(',').filter((group) => group !== '')
  const seen = await listChannelUseByGroup(services.logDb, id)
  const seenByGroup = new Map(seen.map((entry) => [entry.group, entry]))
  const clientTypes = [...(adapterFor(channel.type)?.endpoints ?? [])]
  return {
    upstream_models: [...upstream].sort(),
    to_add,
    to_remove,
    groups: groups.map((group) => ({
      group,
      first_seen: Number(seenByGroup.get(group)?.first_seen ?? 0),
      last_seen: Number(seenByGroup.get(group)?.last_seen ?? 0),
      client_types: clientTypes,
    })),
  }
}
