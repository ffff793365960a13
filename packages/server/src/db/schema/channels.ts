import type { ColumnType } from 'kysely'
import type { Bool, Id, UnixSeconds, WithDefault } from './common.ts'

/** channels: upstream providers. */
export interface ChannelsTable {
  id: Id
  type: WithDefault<number>
  /** encrypted at rest */
  key: string
  /** the reference's column name; the console API calls it openai_organization, as the reference's JSON does */
  open_ai_organization: WithDefault<string | null>
  test_model: WithDefault<string | null>
  /** 0 unknown, 1 enabled, 2 manually disabled, 3 auto-disabled */
  status: WithDefault<number>
  name: WithDefault<string>
  weight: WithDefault<number>
  created_time: WithDefault<UnixSeconds>
  test_time: WithDefault<UnixSeconds>
  /** milliseconds */
  response_time: WithDefault<number>
  base_url: WithDefault<string>
  other: WithDefault<string>
  /** USD */
  balance: WithDefault<number>
  balance_updated_time: WithDefault<UnixSeconds>
  /** comma-separated */
  models: WithDefault<string>
  /** comma-separated group names */
  group: WithDefault<string>
  used_quota: WithDefault<number>
  model_mapping: WithDefault<string>
  status_code_mapping: WithDefault<string>
  priority: WithDefault<number>
  auto_ban: WithDefault<number>
  /** JSON: status_reason, status_time */
  other_info: WithDefault<string>
  tag: WithDefault<string | null>
  /** JSON, the relay's options (the reference's ChannelSettings): see channel-options.ts in @gateway/shared */
  setting: WithDefault<string>
  param_override: WithDefault<string>
  header_override: WithDefault<string>
  remark: WithDefault<string>
  /** the largest prompt (tokens) the channel accepts; 0 no limit */
  max_input_tokens: WithDefault<number>
  /** 1: the root let this channel reach loopback and private addresses */
  private_network: WithDefault<number>
  /**
   * JSON, the multi-key state (see services/channels/channel-info.ts). Read back as text or as
   * the parsed document depending on the driver, NULL on rows older than the column.
   */
  channel_info: ColumnType<unknown, string | null | undefined, string | null>
  /** JSON, options that need no lookup (the reference's ChannelOtherSettings): see channel-options.ts in @gateway/shared */
  settings: WithDefault<string | null>
}

/** abilities: the routing index, one row per group x model x channel. */
export interface AbilitiesTable {
  group: string
  model: string
  channel_id: number
  enabled: Bool
  priority: WithDefault<number>
  weight: WithDefault<number>
  tag: WithDefault<string | null>
}
