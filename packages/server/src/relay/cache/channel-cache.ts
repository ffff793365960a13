import {
  ChannelStatus,
  parseChannelOptions,
  splitCommaList,
  type ChannelOtherSettings,
  type ChannelSetting,
} from '@gateway/shared'
import type { Kysely } from 'kysely'
import { listChannelsForRouting, listEnabledAbilities } from '../../db/queries/relay-lookups.ts'
import type { Database } from '../../db/schema/index.ts'
import type { Logger } from '../../lib/logger.ts'
import type { SecretBox } from '../../lib/secrets.ts'
import type { ChangeBus } from '../../services/changes/change-bus.ts'
import {
  enabledKeyIndexes,
  keyStatusOf,
  readChannelInfo,
  splitChannelKeys,
} from '../../services/channels/channel-info.ts'

/** The keys of a multi-key channel, as the relay picks among them. */
export interface MultiKeys {
  /** 'random', 'polling', or anything else: the first enabled key */
  mode: string
  keys: string[]
  /** indexes of the enabled keys, ascending */
  enabled: number[]
  /** indexes of the auto-disabled keys, which a channel test may bring back */
  autoDisabled: number[]
  /** where polling starts on this instance before it has picked a key of this channel */
  pollingIndex: number
}

/** A channel as the relay uses it: key decrypted, JSON settings parsed once. */
export interface RelayChannel {
  id: number
  name: string
  type: number
  status: number
  /**
   * The key an upstream call sends. For a multi-key channel, the attempt's copy of the channel
   * carries the key picked for it (see pick-channel-key.ts); the cached one carries its first
   * enabled key, for the calls that do not pick (polling a task, listing models).
   */
  key: string
  /** set on multi-key channels */
  multiKey?: MultiKeys
  /** the index of `key` among a multi-key channel's keys, on an attempt's copy */
  keyIndex?: number
  baseUrl: string
  other: string
  organization: string
  modelMapping: Record<string, string>
  statusCodeMapping: Record<string, string>
  autoBan: boolean
  paramOverride: Record<string, unknown> | undefined
  headerOverride: Record<string, string> | undefined
  /** channels.setting: the relay's options for this channel */
  setting: ChannelSetting
  /** channels.settings: options of particular upstreams */
  settings: ChannelOtherSettings
  /** the model a channel test uses, when set */
  testModel: string
  /** the root let this channel reach loopback and private addresses */
  privateNetwork: boolean
  models: string[]
}

export interface Candidate {
  channel: RelayChannel
  priority: number
  weight: number
}

/** The routing table: for a group and a model, candidates by priority, highest first. */
export interface RoutingSnapshot {
  channels: Map<number, RelayChannel>
  /** group -> model -> priority levels (each a list of candidates), highest priority first */
  routes: Map<string, Map<string, Candidate[][]>>
  /**
   * group -> the models some channel lists there, enabled or not: a model absent here does not
   * exist for the group (404), one listed only by disabled channels is unavailable for now (503)
   */
  listed: Map<string, Set<string>>
}

/**
 * Builds the routing table from the channels and abilities tables and keeps it in memory. A
 * change announced on the bus makes the next requests wait for a rebuild that started after it,
 * so a channel saved in the console is used (or no longer used) from the very next request.
 */
export class ChannelCache {
  private snapshot: RoutingSnapshot = { channels: new Map(), routes: new Map(), listed: new Map() }
  /** bumped by every change; the snapshot is current once a build started at this value finished */
  private changeGeneration = 1
  private builtGeneration = 0
  private building: { generation: number; promise: Promise<void> } | undefined
  private readonly db: Kysely<Database>
  private readonly secrets: SecretBox
  private readonly logger: Logger

  constructor(db: Kysely<Database>, secrets: SecretBox, changes: ChangeBus, logger: Logger) {
    this.db = db
    this.secrets = secrets
    this.logger = logger
    changes.subscribe((change) => {
      if (change.kind === 'channels' || change.kind === 'resync') this.changeGeneration++
    })
  }

  /** The routing table, rebuilt first when a change came after the last build started. */
  async current(): Promise<RoutingSnapshot> {
    while (this.builtGeneration < this.changeGeneration) await this.build()
    return this.snapshot
  }

  /** Whether a routing table was ever built (readiness: before it, every relay call would wait for one). */
  get loaded(): boolean {
    return this.builtGeneration > 0
  }

  /** The table as last built, without waiting for a rebuild (metrics read it to bound their model labels). */
  get latest(): RoutingSnapshot {
    return this.snapshot
  }

  /** A periodic refresh: builds in the background; requests keep using the current table meanwhile. */
  refresh(): Promise<void> {
    return this.building ? this.building.promise : this.build()
  }

  private build(): Promise<void> {
    // A build that started before the latest change cannot satisfy it: wait for it, then build again.
    if (this.building) return this.building.promise.catch(() => undefined)
    const generation = this.changeGeneration
    const promise = this.load()
      .then((snapshot) => {
        this.snapshot = snapshot
        this.builtGeneration = Math.max(this.builtGeneration, generation)
      })
      .catch((error: unknown) => {
        this.logger.error({ err: String(error) }, 'channel cache rebuild failed')
        throw error
      })
      .finally(() => {
        this.building = undefined
      })
    this.building = { generation, promise }
    return promise
  }

  private async load(): Promise<RoutingSnapshot> {
    const [rows, abilities] = await Promise.all([listChannelsForRouting(this.db), listEnabledAbilities(this.db)])
    const channels = new Map<number, RelayChannel>()
    const listed = new Map<string, Set<string>>()
    for (const row of rows) {
      // Before the key check: a channel whose key cannot be used still makes its models exist.
      for (const group of splitCommaList(row.group)) {
        const models = listed.get(group) ?? new Set<string>()
        listed.set(group, models)
        for (const model of splitCommaList(row.models)) models.add(model)
      }
      let key: string
      try {
        key = this.secrets.decrypt(row.key)
      } catch {
        // A key encrypted under another CRYPTO_SECRET cannot be used; leave the channel out.
        this.logger.error({ channel: row.id }, 'channel key cannot be decrypted; check CRYPTO_SECRET')
        continue
      }
      const multiKey = multiKeysOf(row.channel_info, key)
      channels.set(row.id, {
        id: row.id,
        name: row.name,
        type: row.type,
        status: row.status,
        key: multiKey ? (multiKey.keys[multiKey.enabled[0] ?? 0] ?? '') : key,
        ...(multiKey ? { multiKey } : {}),
        baseUrl: row.base_url,
        other: row.other,
        organization: row.open_ai_organization ?? '',
        modelMapping: jsonObject(row.model_mapping) as Record<string, string>,
        statusCodeMapping: jsonObject(row.status_code_mapping) as Record<string, string>,
        autoBan: row.auto_ban === 1,
        paramOverride: row.param_override ? jsonObject(row.param_override) : undefined,
        headerOverride: row.header_override ? (jsonObject(row.header_override) as Record<string, string>) : undefined,
        setting: parseChannelOptions<ChannelSetting>(row.setting),
        settings: parseChannelOptions<ChannelOtherSettings>(row.settings),
        testModel: row.test_model ?? '',
        privateNetwork: row.private_network === 1,
        models: row.models
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean),
      })
    }
    const levels = new Map<string, Map<string, Map<number, Candidate[]>>>()
    for (const ability of abilities) {
      const channel = channels.get(ability.channel_id)
      if (!channel || channel.status !== ChannelStatus.enabled) continue
      const byModel = levels.get(ability.group) ?? new Map<string, Map<number, Candidate[]>>()
      levels.set(ability.group, byModel)
      const byPriority = byModel.get(ability.model) ?? new Map<number, Candidate[]>()
      byModel.set(ability.model, byPriority)
      const priority = Number(ability.priority)
      const list = byPriority.get(priority) ?? []
      list.push({ channel, priority, weight: Number(ability.weight) })
      byPriority.set(priority, list)
    }
    const routes = new Map<string, Map<string, Candidate[][]>>()
    for (const [group, byModel] of levels) {
      const models = new Map<string, Candidate[][]>()
      for (const [model, byPriority] of byModel) {
        models.set(
          model,
          [...byPriority.entries()].sort((a, b) => b[0] - a[0]).map(([, list]) => list)
        )
      }
      routes.set(group, models)
    }
    return { channels, routes, listed }
  }
}

function multiKeysOf(channelInfo: unknown, keyText: string): MultiKeys | undefined {
  const info = readChannelInfo(channelInfo)
  if (!info.is_multi_key) return undefined
  const keys = splitChannelKeys(keyText)
  const autoDisabled = keys.map((_, i) => i).filter((i) => keyStatusOf(info, i) === ChannelStatus.autoDisabled)
  return {
    mode: info.multi_key_mode,
    keys,
    enabled: enabledKeyIndexes(info, keys.length),
    autoDisabled,
    pollingIndex: info.multi_key_polling_index,
  }
}

function jsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {}
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
