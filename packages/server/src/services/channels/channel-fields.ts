import { ChannelType, XUNFEI_DEFAULT_VERSION, type UpdateChannelInput } from '@gateway/shared'
import type { ChannelChanges } from '../../db/queries/channels.ts'
import { AppError } from '../../errors/app-error.ts'

/** The writable fields of a create or update body; key and name are handled by the callers. */
export type ChannelFieldsInput = Omit<UpdateChannelInput, 'id' | 'key' | 'name'>

const emptyToNull = (value: string | null) => (value === null || value === '' ? null : value)

const copiedFields = [
  'type',
  'status',
  'base_url',
  'other',
  'models',
  'model_mapping',
  'status_code_mapping',
  'setting',
  'settings',
  'param_override',
  'header_override',
  'priority',
  'weight',
  'auto_ban',
  'remark',
  'max_input_tokens',
  'private_network',
] as const

/**
 * The column changes a body asks for. Absent fields are left out; for the nullable columns
 * (organization, test model, tag) null or '' clears them, for the others null means absent.
 * `groups` (the editor's list) wins over `group`. Server-kept columns (balance, used quota,
 * other_info, test results, created time) are never taken from a body.
 */
export function channelChanges(input: ChannelFieldsInput): ChannelChanges {
  const changes: ChannelChanges = {}
  const copy = <K extends keyof ChannelFieldsInput & keyof ChannelChanges>(key: K) => {
    const value = input[key]
    if (value !== undefined && value !== null) Object.assign(changes, { [key]: value })
  }
  for (const key of copiedFields) copy(key)
  const group = input.groups ?? input.group
  if (group !== undefined && group !== null) changes.group = group
  for (const key of ['test_model', 'tag'] as const) {
    const value = input[key]
    if (value !== undefined) changes[key] = emptyToNull(value)
  }
  // The body's (and the reference's JSON) name; the column is the reference's open_ai_organization.
  if (input.openai_organization !== undefined) changes.open_ai_organization = emptyToNull(input.openai_organization)
  return changes
}

/**
 * Rules that depend on the channel type: Xunfei defaults `other` to its API version, and Vertex AI
 * needs a region in `other` (a name, or a JSON object with a `default` entry). Returns `other`.
 */
export function checkTypeRules(type: number, other: string): string {
  if (type === ChannelType.xunfei && other.trim() === '') return XUNFEI_DEFAULT_VERSION
  if (type === ChannelType.vertexAI) {
    const region = other.trim()
    if (region === '') throw new AppError('BAD_REQUEST', 'channel.vertex_region_required')
    if (region.startsWith('{')) {
      let regions: unknown
      try {
        regions = JSON.parse(region)
      } catch {
        throw new AppError('BAD_REQUEST', 'channel.vertex_region_default')
      }
      const entry =
        typeof regions === 'object' && regions !== null ? (regions as Record<string, unknown>).default : undefined
      if (typeof entry !== 'string' || entry.trim() === '')
        throw new AppError('BAD_REQUEST', 'channel.vertex_region_default')
    }
  }
  return other
}
