import {
  CHANNEL_PRIORITY_MIN,
  ChannelAddMode,
  ChannelType,
  MultiKeyMode,
  splitCommaList,
  splitLines,
  uniqueItems,
  XUNFEI_DEFAULT_VERSION,
  type AddChannelRequest,
  type Channel,
  type CreateChannelRequest,
  type UpdateChannelRequest,
} from '@gateway/shared'

/** The editor's state: lists as arrays, numbers as the typed text. */
export interface ChannelForm {
  type: number
  name: string
  key: string
  base_url: string
  models: string[]
  groups: string[]
  model_mapping: string
  status_code_mapping: string
  priority: string
  weight: string
  auto_ban: boolean
  /** root only: the channel may reach loopback and private addresses */
  private_network: boolean
  test_model: string
  tag: string
  openai_organization: string
  other: string
  /** JSON: the relay's options (system prompt, pass-through, …) */
  setting: string
  /** JSON: upstream-specific options (which request fields pass, …) */
  settings: string
  param_override: string
  header_override: string
  remark: string
  /** create: one channel, one per key line, or one holding every key line */
  add_mode: ChannelAddMode
  /** how a multi-key channel picks the key of a request */
  multi_key_mode: MultiKeyMode
  /** batch: each channel's name gets the first 8 characters of its key */
  batch_prefix_name: boolean
  /** edit of a multi-key channel: a new key text is added to the keys or replaces them */
  key_mode: 'append' | 'replace'
  /** the edited channel holds several keys, this many (read from the channel, not editable) */
  is_multi_key: boolean
  multi_key_size: number
}

export type EditorMode = 'create' | 'edit'

/** A message key of the channels namespace (messages.*) with its interpolation values. */
export interface FormError {
  key:
    | 'nameKeyRequired'
    | 'modelsRequired'
    | 'modelMappingInvalid'
    | 'jsonInvalid'
    | 'priorityInteger'
    | 'priorityMin'
    | 'weightNonNegative'
    | 'singleKeyLines'
  field: keyof ChannelForm
  /** For jsonInvalid: the editor label key of the field. */
  label?: string
}

export const emptyForm = (): ChannelForm => ({
  type: ChannelType.openAI,
  name: '',
  key: '',
  base_url: '',
  models: [],
  groups: ['default'],
  model_mapping: '',
  status_code_mapping: '',
  priority: '0',
  weight: '0',
  auto_ban: true,
  private_network: false,
  test_model: '',
  tag: '',
  openai_organization: '',
  other: '',
  setting: '',
  settings: '',
  param_override: '',
  header_override: '',
  remark: '',
  add_mode: ChannelAddMode.single,
  multi_key_mode: MultiKeyMode.random,
  batch_prefix_name: false,
  key_mode: 'append',
  is_multi_key: false,
  multi_key_size: 0,
})

/**
 * Prefills the editor from a stored channel; the key is never known, so it stays empty. A copy of
 * a multi-key channel is created as one again, with the same pick mode.
 */
export function formFromChannel(channel: Channel): ChannelForm {
  const groups = uniqueItems(splitCommaList(channel.group))
  const info = channel.channel_info
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    base_url: channel.base_url,
    models: uniqueItems(splitCommaList(channel.models)),
    groups: groups.length > 0 ? groups : ['default'],
    model_mapping: channel.model_mapping,
    status_code_mapping: channel.status_code_mapping,
    priority: String(channel.priority),
    weight: String(channel.weight),
    auto_ban: channel.auto_ban !== 0,
    private_network: channel.private_network === 1,
    test_model: channel.test_model ?? '',
    tag: channel.tag ?? '',
    openai_organization: channel.openai_organization ?? '',
    other: channel.other,
    setting: channel.setting,
    settings: channel.settings ?? '',
    param_override: channel.param_override,
    header_override: channel.header_override,
    remark: channel.remark,
    add_mode: info?.is_multi_key ? ChannelAddMode.multiToSingle : ChannelAddMode.single,
    multi_key_mode: info?.multi_key_mode === MultiKeyMode.polling ? MultiKeyMode.polling : MultiKeyMode.random,
    batch_prefix_name: false,
    key_mode: 'append',
    is_multi_key: info?.is_multi_key === true,
    multi_key_size: info?.multi_key_size ?? 0,
  }
}

/** Empty, or the text of a JSON object (what every JSON field of a channel holds). */
export function isJsonObjectText(text: string): boolean {
  if (text.trim() === '') return true
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
  } catch {
    return false
  }
}

const jsonFields = [
  ['status_code_mapping', 'statusCodeMapping'],
  ['setting', 'setting'],
  ['settings', 'settings'],
  ['param_override', 'paramOverride'],
  ['header_override', 'headerOverride'],
] as const satisfies readonly (readonly [keyof ChannelForm, string])[]

const isInteger = (text: string) => /^-?\d+$/.test(text.trim())

/** Spec §5: checked on save, in this order; null when the form may be sent. */
export function validateForm(form: ChannelForm, mode: EditorMode): FormError | null {
  if (mode === 'create' && (form.name.trim() === '' || form.key.trim() === ''))
    return { key: 'nameKeyRequired', field: form.name.trim() === '' ? 'name' : 'key' }
  if (mode === 'edit' && form.name.trim() === '') return { key: 'nameKeyRequired', field: 'name' }
  // Several lines in single mode would be stored as one broken key.
  if (
    mode === 'create' &&
    form.add_mode === ChannelAddMode.single &&
    form.type !== ChannelType.vertexAI &&
    splitLines(form.key).length > 1
  )
    return { key: 'singleKeyLines', field: 'key' }
  if (form.models.length === 0) return { key: 'modelsRequired', field: 'models' }
  if (!isJsonObjectText(form.model_mapping)) return { key: 'modelMappingInvalid', field: 'model_mapping' }
  for (const [field, label] of jsonFields) {
    if (!isJsonObjectText(form[field])) return { key: 'jsonInvalid', field, label }
  }
  if (!isInteger(form.priority)) return { key: 'priorityInteger', field: 'priority' }
  if (Number(form.priority) < CHANNEL_PRIORITY_MIN) return { key: 'priorityMin', field: 'priority' }
  if (!isInteger(form.weight)) return { key: 'weightNonNegative', field: 'weight' }
  return null
}

/**
 * How many keys the key text holds: one per line; Vertex AI's are service-account JSON, several
 * of them as a JSON array.
 */
export function keyLineCount(form: ChannelForm): number {
  if (form.type !== ChannelType.vertexAI) return splitLines(form.key).length
  const text = form.key.trim()
  if (!text.startsWith('[')) return text ? 1 : 0
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? value.length : 1
  } catch {
    return 1
  }
}

/** The body of POST or PUT /api/channel/. */
export function toPayload(form: ChannelForm): CreateChannelRequest {
  const other =
    form.type === ChannelType.xunfei && form.other.trim() === '' ? XUNFEI_DEFAULT_VERSION : form.other.trim()
  return {
    type: form.type,
    name: form.name.trim(),
    key: form.key.trim(),
    base_url: form.base_url.trim().replace(/\/+$/, ''),
    models: form.models.join(','),
    group: (form.groups.length > 0 ? form.groups : ['default']).join(','),
    model_mapping: form.model_mapping.trim(),
    status_code_mapping: form.status_code_mapping.trim(),
    priority: Number(form.priority),
    // Spec §5: values below 0 are clamped to 0.
    weight: Math.max(0, Number(form.weight)),
    auto_ban: form.auto_ban ? 1 : 0,
    private_network: form.private_network ? 1 : 0,
    test_model: form.test_model.trim(),
    tag: form.tag.trim(),
    openai_organization: form.openai_organization.trim(),
    other,
    setting: form.setting.trim(),
    settings: form.settings.trim(),
    param_override: form.param_override.trim(),
    header_override: form.header_override.trim(),
    remark: form.remark.trim(),
  }
}

/** The body of POST /api/channel/, as the reference takes it: the mode and the channel. */
export function toCreateBody(form: ChannelForm): AddChannelRequest {
  return {
    mode: form.add_mode,
    ...(form.add_mode === ChannelAddMode.multiToSingle ? { multi_key_mode: form.multi_key_mode } : {}),
    ...(form.add_mode === ChannelAddMode.batch ? { batch_add_set_key_prefix_2_name: form.batch_prefix_name } : {}),
    channel: toPayload(form),
  }
}

/**
 * The body of PUT /api/channel/: an empty key keeps the stored one; a multi-key channel also says
 * how a new key text applies and how keys are picked.
 */
export function toUpdateBody(form: ChannelForm, id: number): UpdateChannelRequest {
  const { key, ...rest } = toPayload(form)
  return {
    id,
    ...rest,
    ...(key ? { key } : {}),
    ...(form.is_multi_key ? { multi_key_mode: form.multi_key_mode, ...(key ? { key_mode: form.key_mode } : {}) } : {}),
  }
}

/** Adds comma-separated custom names; refuses the whole input when one is already chosen. */
export function addCustomModels(
  current: readonly string[],
  text: string
): { models: string[] } | { error: 'modelsExist' } {
  const names = uniqueItems(splitCommaList(text))
  if (names.some((name) => current.includes(name))) return { error: 'modelsExist' }
  return { models: [...current, ...names] }
}

/** Which label the `other` field gets for a type, or null when the type does not use it. */
export function otherFieldLabel(
  type: number
): 'otherVersion' | 'otherRegion' | 'otherAccount' | 'otherPlugin' | 'other' {
  switch (type) {
    case ChannelType.azure:
    case ChannelType.xunfei:
      return 'otherVersion'
    case ChannelType.vertexAI:
      return 'otherRegion'
    case ChannelType.cloudflare:
      return 'otherAccount'
    case ChannelType.ali:
      return 'otherPlugin'
    default:
      return 'other'
  }
}

/** The options of a JSON option field (setting, settings); undefined while its text is not a JSON object. */
export function readOptions(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {}
  if (!isJsonObjectText(text)) return undefined
  return JSON.parse(text) as Record<string, unknown>
}

/**
 * The field's text with one option changed; other keys (also ones this console does not know) are
 * kept. An option switched off or emptied is removed, as the reference leaves it out.
 */
export function writeOption(text: string, key: string, value: boolean | string): string {
  const options = { ...readOptions(text) }
  if (value === false || value === '') delete options[key]
  else options[key] = value
  return Object.keys(options).length === 0 ? '' : JSON.stringify(options)
}
