import { CHANNEL_PRIORITY_MIN, type EditTagInput } from '@gateway/shared'
import { isJsonObjectText } from './channel-editor-form'

/** The tag drawer's state: every field blank means "leave unchanged". */
export interface TagForm {
  new_tag: string
  models: string[]
  groups: string[]
  model_mapping: string
  priority: string
  weight: string
}

export type TagFormError =
  'nothingChanged' | 'priorityInteger' | 'priorityMin' | 'weightNonNegative' | 'modelMappingInvalid'

export const initialTagForm = (tag: string): TagForm => ({
  new_tag: tag,
  models: [],
  groups: [],
  model_mapping: '',
  priority: '',
  weight: '',
})

/**
 * Spec §4/§5: blank is unchanged; an emptied new tag dissolves the tag; priority an integer
 * (≥ -999), weight a non-negative integer; nothing changed is refused.
 */
export function buildTagEdit(tag: string, form: TagForm): { edit: EditTagInput } | { error: TagFormError } {
  const edit: EditTagInput = { tag }
  const newTag = form.new_tag.trim()
  if (newTag !== tag) edit.new_tag = newTag
  const priority = form.priority.trim()
  if (priority !== '') {
    if (!/^-?\d+$/.test(priority)) return { error: 'priorityInteger' }
    if (Number(priority) < CHANNEL_PRIORITY_MIN) return { error: 'priorityMin' }
    edit.priority = Number(priority)
  }
  const weight = form.weight.trim()
  if (weight !== '') {
    if (!/^\d+$/.test(weight)) return { error: 'weightNonNegative' }
    edit.weight = Number(weight)
  }
  const mapping = form.model_mapping.trim()
  if (mapping !== '') {
    if (!isJsonObjectText(mapping)) return { error: 'modelMappingInvalid' }
    edit.model_mapping = mapping
  }
  if (form.models.length > 0) edit.models = form.models.join(',')
  if (form.groups.length > 0) edit.groups = form.groups.join(',')
  return Object.keys(edit).length === 1 ? { error: 'nothingChanged' } : { edit }
}
