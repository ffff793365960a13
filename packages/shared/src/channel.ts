import { z } from 'zod'
import { channelInfoSchema, multiKeyModes } from './channel-info.ts'
import { BATCH_IDS_MAX } from './constants.ts'
import { nameList, TEXT_MAX_BYTES, textColumn, uniqueItems, utf8Length } from './lists.ts'
import { pageQuery, searchText, type Page } from './pagination.ts'

/** Upstream provider kinds as stored in channels.type (the reference system's ids). */
export const ChannelType = {
  unknown: 0,
  openAI: 1,
  midjourney: 2,
  azure: 3,
  ollama: 4,
  midjourneyPlus: 5,
  openAIMax: 6,
  ohMyGPT: 7,
  custom: 8,
  ails: 9,
  aiProxy: 10,
  palm: 11,
  api2GPT: 12,
  aigc2d: 13,
  anthropic: 14,
  baidu: 15,
  zhipu: 16,
  ali: 17,
  xunfei: 18,
  ai360: 19,
  openRouter: 20,
  fastGPT: 22,
  tencent: 23,
  gemini: 24,
  moonshot: 25,
  zhipuV4: 26,
  perplexity: 27,
  lingYiWanWu: 31,
  aws: 33,
  cohere: 34,
  miniMax: 35,
  sunoAPI: 36,
  dify: 37,
  jina: 38,
  cloudflare: 39,
  siliconFlow: 40,
  vertexAI: 41,
  mistral: 42,
  deepSeek: 43,
  mokaAI: 44,
  volcEngine: 45,
  baiduV2: 46,
  xinference: 47,
  xai: 48,
  subModel: 53,
} as const

/** A channel type's name in ChannelType. */
export type ChannelTypeName = keyof typeof ChannelType

/** Xunfei's default API version, stored in `other` when none is given. */
export const XUNFEI_DEFAULT_VERSION = 'v2.1'
export const CHANNEL_PRIORITY_MIN = -999
export const CHANNEL_WEIGHT_MAX = 2_147_483_647
export const CHANNEL_MODEL_NAME_MAX = 255
export const CHANNEL_GROUP_NAME_MAX = 64

/** Message keys (see the server's and the console's message dictionaries) used by the channel rules. */
export const channelRuleMessages = {
  nameKeyRequired: 'channel.name_key_required',
  modelsRequired: 'channel.models_required',
  modelsDuplicate: 'channel.models_duplicate',
  modelNameTooLong: 'channel.model_name_too_long',
  groupNameTooLong: 'channel.group_name_too_long',
  modelMappingInvalid: 'channel.model_mapping_invalid',
  statusCodeMappingInvalid: 'channel.status_code_mapping_invalid',
  settingInvalid: 'channel.setting_invalid',
  settingsInvalid: 'channel.settings_invalid',
  paramOverrideInvalid: 'channel.param_override_invalid',
  headerOverrideInvalid: 'channel.header_override_invalid',
  baseUrlInvalid: 'channel.base_url_invalid',
  priorityInvalid: 'channel.priority_invalid',
  priorityTooSmall: 'channel.priority_too_small',
  weightInvalid: 'channel.weight_invalid',
  typeInvalid: 'channel.type_invalid',
  statusInvalid: 'channel.status_invalid',
  selectToDelete: 'channel.select_to_delete',
  selectToTag: 'channel.select_to_tag',
  tagRequired: 'channel.tag_required',
  nothingChanged: 'channel.nothing_changed',
} as const
const m = channelRuleMessages

/** A channel as the console sees it. The key is never sent back: `key` is always ''. */
export const channelSchema = z.object({
  id: z.number(),
  type: z.number(),
  key: z.literal(''),
  openai_organization: z.string().nullable(),
  test_model: z.string().nullable(),
  /** 1 enabled, 2 manually disabled, 3 auto-disabled */
  status: z.number(),
  name: z.string(),
  weight: z.number(),
  created_time: z.number(),
  test_time: z.number(),
  /** milliseconds; 0 untested */
  response_time: z.number(),
  base_url: z.string(),
  other: z.string(),
  balance: z.number(),
  balance_updated_time: z.number(),
  /** comma-separated */
  models: z.string(),
  /** comma-separated group names */
  group: z.string(),
  used_quota: z.number(),
  model_mapping: z.string(),
  status_code_mapping: z.string(),
  priority: z.number(),
  auto_ban: z.number(),
  /** JSON: status_reason, status_time */
  other_info: z.string(),
  tag: z.string().nullable(),
  /** JSON, the relay's options (ChannelSetting in channel-options.ts) */
  setting: z.string(),
  /** JSON, upstream-specific options (ChannelOtherSettings in channel-options.ts); '' when none */
  settings: z.string(),
  param_override: z.string(),
  header_override: z.string(),
  remark: z.string(),
  max_input_tokens: z.number(),
  /** 1: the root let this channel reach loopback and private addresses */
  private_network: z.number(),
  /** multi-key state: several keys in one channel, how one is picked, which are disabled */
  channel_info: channelInfoSchema,
})
export type Channel = z.infer<typeof channelSchema>

const isJsonObject = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

/** Empty, or the text of a JSON object. */
const jsonObjectText = (message: string, maxChars?: number) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || isJsonObject(value), message)
    .refine((value) => (maxChars === undefined ? utf8Length(value) <= TEXT_MAX_BYTES : value.length <= maxChars))

/** At least one model, none longer than 255 characters, none twice; stored as 'a,b'. */
const modelList = nameList(m.modelsRequired)
  .superRefine((models, ctx) => {
    if (models.length === 0) ctx.addIssue({ code: 'custom', message: m.modelsRequired })
    else if (models.some((model) => model.length > CHANNEL_MODEL_NAME_MAX))
      ctx.addIssue({ code: 'custom', message: m.modelNameTooLong })
    else if (new Set(models).size !== models.length) ctx.addIssue({ code: 'custom', message: m.modelsDuplicate })
  })
  .transform((models) => models.join(','))
  .pipe(textColumn())

/** Group names without repeats; none means 'default'. */
const groupList = nameList('channel.group_invalid')
  .transform(uniqueItems)
  .refine((groups) => groups.every((group) => group.length <= CHANNEL_GROUP_NAME_MAX), m.groupNameTooLong)
  .transform((groups) => (groups.length === 0 ? 'default' : groups.join(',')))
  .pipe(z.string().max(255))

const baseUrl = z
  .string()
  .trim()
  .max(1024)
  .transform((value) => value.replace(/\/+$/, ''))
  .refine((value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)), m.baseUrlInvalid)

const priority = z
  .number({ error: m.priorityInvalid })
  .int(m.priorityInvalid)
  .min(CHANNEL_PRIORITY_MIN, m.priorityTooSmall)
  .max(Number.MAX_SAFE_INTEGER, m.priorityInvalid)

const optionalText = (max: number) => z.string().trim().max(max).nullish()

/** Every writable channel field; null counts as not given. Server-kept fields (balance, other_info, …) are not here. */
const channelFields = {
  type: z.number({ error: m.typeInvalid }).int(m.typeInvalid).min(0, m.typeInvalid).max(1000, m.typeInvalid),
  openai_organization: optionalText(255),
  test_model: optionalText(255),
  /** 3 is accepted so that an auto-disabled channel can be saved from the editor unchanged. */
  status: z.number({ error: m.statusInvalid }).refine((s) => s === 1 || s === 2 || s === 3, m.statusInvalid),
  base_url: baseUrl,
  other: textColumn(),
  group: groupList,
  groups: groupList,
  model_mapping: jsonObjectText(m.modelMappingInvalid),
  status_code_mapping: jsonObjectText(m.statusCodeMappingInvalid, 1024),
  setting: jsonObjectText(m.settingInvalid),
  settings: jsonObjectText(m.settingsInvalid),
  param_override: jsonObjectText(m.paramOverrideInvalid),
  header_override: jsonObjectText(m.headerOverrideInvalid),
  priority,
  /** below 0 is raised to 0 */
  weight: z
    .number({ error: m.weightInvalid })
    .int(m.weightInvalid)
    .max(CHANNEL_WEIGHT_MAX, m.weightInvalid)
    .transform((w) => Math.max(0, w)),
  auto_ban: z.union([z.boolean(), z.number().int().min(0).max(1)]).transform(Number),
  tag: optionalText(255),
  remark: z.string().trim().max(255),
  max_input_tokens: z.number().int().min(0).max(CHANNEL_WEIGHT_MAX),
  /** root only: the server ignores it from anyone else */
  private_network: z.union([z.boolean(), z.number().int().min(0).max(1)]).transform(Number),
}

const nullishFields = <T extends Record<string, z.ZodType>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.nullish()])) as {
    [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>>
  }

/**
 * POST /api/channel/. `key` may hold one key per line: one channel is created per line (except
 * Vertex AI, whose JSON key is one key). `models` and `group` are comma lists; `groups` is the
 * editor's list form of `group`.
 */
export const createChannelInput = z.object({
  name: z.string({ error: m.nameKeyRequired }).trim().min(1, m.nameKeyRequired).max(255),
  key: z.string({ error: m.nameKeyRequired }).refine((key) => key.trim() !== '', m.nameKeyRequired),
  models: modelList,
  ...nullishFields(channelFields),
})
export type CreateChannelInput = z.infer<typeof createChannelInput>
/** What the console's editor sends. */
export type CreateChannelRequest = z.input<typeof createChannelInput>

/**
 * PUT /api/channel/: the fields given change; an empty key keeps the stored one. For a multi-key
 * channel, `key_mode` says what a new key text does (`append`: its lines are added after the
 * stored keys, repeats left out; `replace`, the default: it becomes the key list) and
 * `multi_key_mode` changes how a key is picked.
 */
export const updateChannelInput = z.object({
  id: z.number().int().positive(),
  name: z.string({ error: m.nameKeyRequired }).trim().min(1, m.nameKeyRequired).max(255).nullish(),
  key: z.string().nullish(),
  models: modelList.nullish(),
  key_mode: z.enum(['append', 'replace']).nullish(),
  multi_key_mode: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(multiKeyModes, { error: 'channel.multi_key_mode_invalid' }).nullish()
  ),
  ...nullishFields(channelFields),
})
export type UpdateChannelInput = z.infer<typeof updateChannelInput>
export type UpdateChannelRequest = z.input<typeof updateChannelInput>

const ids = (message: string) =>
  z.preprocess((value) => value ?? [], z.array(z.number().int().positive()).min(1, message).max(BATCH_IDS_MAX))

/** POST /api/channel/batch */
export const channelIdsInput = z.object({ ids: ids(m.selectToDelete) })

/** POST /api/channel/batch/tag: null or '' clears the tag. */
export const batchTagInput = z.object({ ids: ids(m.selectToTag), tag: z.string().trim().max(255).nullish() })

/** POST /api/channel/tag/enabled and /tag/disabled */
export const channelTagInput = z.object({
  tag: z.string({ error: m.tagRequired }).trim().min(1, m.tagRequired).max(255),
})

/** Blank (absent, null, '' or an empty list) means "leave unchanged". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)
    ? undefined
    : value
const numeric = (value: unknown) => (typeof value === 'string' ? Number(value) : value)

/**
 * PUT /api/channel/tag: edits every channel of a tag. A blank field is unchanged; an empty
 * `new_tag` (as opposed to an absent one) dissolves the tag.
 */
export const editTagInput = z
  .object({
    tag: z.string({ error: m.tagRequired }).trim().min(1, m.tagRequired).max(255),
    new_tag: z.string().trim().max(255).nullish(),
    priority: z.preprocess((v) => numeric(blankToUndefined(v)), priority.optional()),
    weight: z.preprocess(
      (v) => numeric(blankToUndefined(v)),
      z
        .number({ error: m.weightInvalid })
        .int(m.weightInvalid)
        .min(0, m.weightInvalid)
        .max(CHANNEL_WEIGHT_MAX, m.weightInvalid)
        .optional()
    ),
    model_mapping: z.preprocess(blankToUndefined, jsonObjectText(m.modelMappingInvalid).optional()),
    models: z.preprocess(blankToUndefined, modelList.optional()),
    groups: z.preprocess(blankToUndefined, groupList.optional()),
  })
  .refine(
    (v) =>
      (v.new_tag !== undefined && v.new_tag !== null && v.new_tag !== v.tag) ||
      v.priority !== undefined ||
      v.weight !== undefined ||
      v.model_mapping !== undefined ||
      v.models !== undefined ||
      v.groups !== undefined,
    m.nothingChanged
  )
export type EditTagInput = z.infer<typeof editTagInput>

const flag = z
  .string()
  .optional()
  .transform((value) => value === 'true' || value === '1')

/** GET /api/channel/?p&page_size&id_sort&tag_mode */
export const listChannelsQuery = pageQuery.extend({ id_sort: flag, tag_mode: flag })
export type ListChannelsQuery = z.infer<typeof listChannelsQuery>

/** GET /api/channel/search: keyword (id or name), group (one of the channel's groups), model (part of a name). */
export const searchChannelsQuery = listChannelsQuery.extend({
  keyword: searchText,
  group: searchText,
  model: searchText,
})
export type SearchChannelsQuery = z.infer<typeof searchChannelsQuery>

/**
 * GET /api/channel/ and /search: a page of channels plus, as the reference answers, how many
 * matching channels each type has (keyed by the type number as a string, every page alike).
 */
export interface ChannelPage extends Page<Channel> {
  type_counts: Record<string, number>
}
