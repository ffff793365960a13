/**
 * A channel's two option columns, as the reference system defines them. Both hold a JSON object;
 * unknown keys are kept as they are (a console of the reference may write newer ones).
 *
 * `channels.setting` (the reference's ChannelSettings): how the relay treats the channel's traffic.
 *   Acted on by the relay:
 *   - system_prompt, system_prompt_override: a system prompt added when the request has none; with
 *     the override also put in front of the client's own (chat, Claude messages, Responses, Gemini).
 *   - pass_through_body_enabled: the client's body goes upstream as it came when the channel
 *     speaks the client's protocol: no model mapping in the body, no parameter override, no
 *     system prompt, no field filtering. (A body whose output budget the gateway lowered to what
 *     the balance covers is still sent with that lower budget: the hold must cover the answer.)
 *   - thinking_to_content: reasoning_content streamed as <think>…</think> in the content (chat).
 *   Stored, shown and kept, but not acted on:
 *   - force_format: the reference re-serialises OpenAI answers through its own types to drop
 *     non-standard fields; our OpenAI path passes the upstream's bytes through unparsed and has no
 *     full answer type to re-serialise through.
 *   - proxy: every upstream call goes through the outbound guard's dispatcher, which checks each
 *     resolved address against the private-network policy; a per-channel proxy would carry the
 *     call past that check, so it needs its own guard before it can be honoured.
 *   - http_protocol, http2_connection_shards: our upstream client speaks HTTP/1.1 over pooled
 *     connections; there is no HTTP/2 to tune.
 *
 * `channels.settings` (the reference's ChannelOtherSettings): options of particular upstreams.
 *   Acted on by the relay (JSON bodies of every protocol, unless pass-through is on): the fields an
 *   upstream may bill or use against the operator's interest are removed unless allowed:
 *   - allow_service_tier (service_tier), allow_inference_geo (inference_geo), allow_speed (speed),
 *     allow_safety_identifier (safety_identifier), allow_include_obfuscation
 *     (stream_options.include_obfuscation); disable_store removes `store`, which passes otherwise.
 *   - claude_beta_query: `?beta=true` on every call of a Claude channel.
 *   Stored, shown and kept, but not acted on:
 *   - azure_responses_version, vertex_key_type, aws_key_type, openrouter_enterprise: variants of a provider's authentication, URL or answer that our adapters do
 *     not implement (our Vertex and Bedrock adapters take service-account and access-key
 *     credentials only; our Azure adapter does not serve the Responses API).
 *   - disable_task_polling_sleep: our task poller runs on its own schedule for all channels.
 *   - upstream_model_update_*: the reference's scheduled check of the upstream's model list; ours
 *     fetches that list when the operator asks (the channel editor's fetch button).
 *   - advanced_custom: the routes of the reference's "advanced custom" channel type, which we do
 *     not have.
 */

/** channels.setting */
export interface ChannelSetting {
  force_format?: boolean
  thinking_to_content?: boolean
  proxy?: string
  pass_through_body_enabled?: boolean
  system_prompt?: string
  system_prompt_override?: boolean
  http_protocol?: string
  http2_connection_shards?: number
}

/** channels.settings */
export interface ChannelOtherSettings {
  azure_responses_version?: string
  vertex_key_type?: string
  openrouter_enterprise?: boolean
  claude_beta_query?: boolean
  allow_service_tier?: boolean
  allow_inference_geo?: boolean
  allow_speed?: boolean
  allow_safety_identifier?: boolean
  disable_store?: boolean
  allow_include_obfuscation?: boolean
  disable_task_polling_sleep?: boolean
  aws_key_type?: string
  upstream_model_update_check_enabled?: boolean
  upstream_model_update_auto_sync_enabled?: boolean
  advanced_custom?: unknown
}

/** The on/off options of `setting` that the relay acts on, in the editor's order. */
export const CHANNEL_SETTING_SWITCHES = [
  'system_prompt_override',
  'pass_through_body_enabled',
  'thinking_to_content',
] as const

/** The on/off options of `settings` that the relay acts on, in the editor's order. */
export const CHANNEL_OTHER_SETTING_SWITCHES = [
  'allow_service_tier',
  'allow_safety_identifier',
  'allow_include_obfuscation',
  'disable_store',
  'allow_inference_geo',
  'allow_speed',
  'claude_beta_query',
] as const

/** The JSON object of an option column; '' or anything but an object reads as no options. */
export function parseChannelOptions<T extends object>(text: string | null | undefined): T {
  if (!text) return {} as T
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : ({} as T)
  } catch {
    return {} as T
  }
}
