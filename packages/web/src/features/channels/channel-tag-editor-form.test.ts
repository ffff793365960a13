import { describe, expect, it } from 'vitest'
import { buildTagEdit, initialTagForm } from './channel-tag-editor-form'

const form = (patch: Partial<ReturnType<typeof initialTagForm>> = {}) => ({ ...initialTagForm('team'), ...patch })

describe('buildTagEdit', () => {
  it('refuses a form where nothing changed', () => {
    expect(buildTagEdit('team', form())).toEqual({ error: 'nothingChanged' })
    expect(buildTagEdit('team', form({ new_tag: ' team ', priority: '  ' }))).toEqual({ error: 'nothingChanged' })
  })

  it('sends only the changed fields; blank stays unchanged', () => {
    expect(buildTagEdit('team', form({ priority: '5' }))).toEqual({ edit: { tag: 'team', priority: 5 } })
    expect(buildTagEdit('team', form({ weight: '0', models: ['a', 'b'], groups: ['vip'] }))).toEqual({
      edit: { tag: 'team', weight: 0, models: 'a,b', groups: 'vip' },
    })
    expect(buildTagEdit('team', form({ new_tag: 'crew', model_mapping: '{"a":"b"}' }))).toEqual({
      edit: { tag: 'team', new_tag: 'crew', model_mapping: '{"a":"b"}' },
    })
  })

  it('an emptied new tag dissolves the tag', () => {
    expect(buildTagEdit('team', form({ new_tag: '' }))).toEqual({ edit: { tag: 'team', new_tag: '' } })
  })

  it('checks priority, weight and mapping', () => {
    expect(buildTagEdit('team', form({ priority: '1.5' }))).toEqual({ error: 'priorityInteger' })
    expect(buildTagEdit('team', form({ priority: 'x' }))).toEqual({ error: 'priorityInteger' })
    expect(buildTagEdit('team', form({ priority: '-1000' }))).toEqual({ error: 'priorityMin' })
    expect(buildTagEdit('team', form({ weight: '-1' }))).toEqual({ error: 'weightNonNegative' })
    expect(buildTagEdit('team', form({ weight: '2.5' }))).toEqual({ error: 'weightNonNegative' })
    expect(buildTagEdit('team', form({ model_mapping: '[1]' }))).toEqual({ error: 'modelMappingInvalid' })
  })
})
