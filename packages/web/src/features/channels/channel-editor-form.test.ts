import { describe, expect, it } from 'vitest'
import {
  addCustomModels,
  emptyForm,
  keyLineCount,
  toCreateBody,
  toPayload,
  toUpdateBody,
  validateForm,
} from './channel-editor-form'
import { inlineNumberError } from './channel-inline-number'

const valid = () => ({ ...emptyForm(), name: 'a', key: 'sk-1', models: ['gpt-4o'] })

describe('editor form rules', () => {
  it('requires name and key when creating, a name when editing', () => {
    expect(validateForm({ ...valid(), name: ' ' }, 'create')?.key).toBe('nameKeyRequired')
    expect(validateForm({ ...valid(), key: '' }, 'create')?.key).toBe('nameKeyRequired')
    expect(validateForm({ ...valid(), key: '' }, 'edit')).toBeNull()
  })

  it('requires a model, JSON mappings and integer numbers', () => {
    expect(validateForm({ ...valid(), models: [] }, 'create')?.key).toBe('modelsRequired')
    expect(validateForm({ ...valid(), model_mapping: '{x' }, 'create')?.key).toBe('modelMappingInvalid')
    expect(validateForm({ ...valid(), header_override: '[]' }, 'create')).toMatchObject({
      key: 'jsonInvalid',
      field: 'header_override',
    })
    expect(validateForm({ ...valid(), priority: '-1000' }, 'create')?.key).toBe('priorityMin')
    expect(validateForm({ ...valid(), weight: 'a' }, 'create')?.key).toBe('weightNonNegative')
  })

  it('builds the payload: trailing slashes stripped, weight clamped, Xunfei version defaulted', () => {
    const payload = toPayload({
      ...valid(),
      base_url: 'https://x.example/v1//',
      weight: '-3',
      groups: ['default', 'vip'],
    })
    expect(payload).toMatchObject({
      base_url: 'https://x.example/v1',
      weight: 0,
      group: 'default,vip',
      models: 'gpt-4o',
      auto_ban: 1,
    })
    expect(toPayload({ ...valid(), type: 18 }).other).toBe('v2.1')
    expect(toPayload({ ...valid(), groups: [] }).group).toBe('default')
  })

  it('counts one channel per key line, but one for a Vertex JSON key', () => {
    expect(keyLineCount({ ...valid(), key: 'a\nb\n\nc' })).toBe(3)
    expect(keyLineCount({ ...valid(), type: 41, key: '{\n"a": 1\n}' })).toBe(1)
  })

  it('refuses custom models already chosen', () => {
    expect(addCustomModels(['a'], 'b, c,b')).toEqual({ models: ['a', 'b', 'c'] })
    expect(addCustomModels(['a'], 'b,a')).toEqual({ error: 'modelsExist' })
  })

  it('checks inline priority and weight', () => {
    expect(inlineNumberError('priority', '-999')).toBeNull()
    expect(inlineNumberError('priority', '-1000')).toBe('priorityMin')
    expect(inlineNumberError('priority', '1.2')).toBe('priorityInteger')
    expect(inlineNumberError('weight', '0')).toBeNull()
    expect(inlineNumberError('weight', '-1')).toBe('weightNonNegative')
  })

  it('refuses several key lines for one channel, except a Vertex AI service account', () => {
    expect(validateForm({ ...valid(), key: 'sk-1\nsk-2' }, 'create')).toMatchObject({
      key: 'singleKeyLines',
      field: 'key',
    })
    expect(validateForm({ ...valid(), key: 'sk-1\nsk-2', add_mode: 'batch' }, 'create')).toBeNull()
    expect(validateForm({ ...valid(), key: 'sk-1\nsk-2', add_mode: 'multi_to_single' }, 'create')).toBeNull()
    expect(
      validateForm({ ...valid(), type: 41, other: 'us', key: '{\n"type": "service_account"\n}' }, 'create')
    ).toBeNull()
  })

  it('counts Vertex AI keys in a JSON array', () => {
    expect(keyLineCount({ ...valid(), type: 41, key: '[{"a":1},{"b":2}]' })).toBe(2)
    expect(keyLineCount({ ...valid(), type: 41, key: '{"a":1}' })).toBe(1)
  })

  it('sends the create body the reference takes, with the options of its mode only', () => {
    expect(toCreateBody({ ...valid(), multi_key_mode: 'polling' })).toEqual({
      mode: 'single',
      channel: toPayload(valid()),
    })
    expect(toCreateBody({ ...valid(), add_mode: 'multi_to_single', multi_key_mode: 'polling' })).toMatchObject({
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
    })
    expect(toCreateBody({ ...valid(), add_mode: 'batch', batch_prefix_name: true })).toMatchObject({
      mode: 'batch',
      batch_add_set_key_prefix_2_name: true,
    })
    expect(toCreateBody({ ...valid(), add_mode: 'batch' })).not.toHaveProperty('multi_key_mode')
  })

  it('sends key_mode with a new key of a multi-key channel only', () => {
    expect(toUpdateBody({ ...valid(), key: '' }, 3)).not.toHaveProperty('multi_key_mode')
    const multi = { ...valid(), is_multi_key: true, key_mode: 'replace' as const, multi_key_mode: 'polling' as const }
    expect(toUpdateBody({ ...multi, key: '' }, 3)).toMatchObject({ id: 3, multi_key_mode: 'polling' })
    expect(toUpdateBody({ ...multi, key: '' }, 3)).not.toHaveProperty('key_mode')
    expect(toUpdateBody(multi, 3)).toMatchObject({ key: 'sk-1', key_mode: 'replace' })
  })
})
