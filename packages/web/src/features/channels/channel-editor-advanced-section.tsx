import { ChannelType, Role } from '@gateway/shared'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { useSessionUser } from '@/lib/session'
import { isJsonObjectText, otherFieldLabel, type ChannelForm } from './channel-editor-form'
import type { SectionProps } from './channel-editor-types'
import { Field, FormSection, SwitchRow } from './channel-field'

type JsonField = 'model_mapping' | 'status_code_mapping' | 'setting' | 'settings' | 'param_override' | 'header_override'
type TextField = 'test_model' | 'tag' | 'openai_organization' | 'other' | 'remark'

const jsonLabels = {
  model_mapping: 'modelMapping',
  status_code_mapping: 'statusCodeMapping',
  setting: 'setting',
  settings: 'settings',
  param_override: 'paramOverride',
  header_override: 'headerOverride',
} as const satisfies Record<JsonField, string>

/** Mappings, priority, weight, auto-ban, test model, tag and the JSON overrides. */
export function EditorAdvancedSection({ form, set, errors }: SectionProps) {
  const { t } = useTranslation('channels')
  // Only the root decides that a channel may reach private networks; the server ignores it from anyone else.
  const isRoot = (useSessionUser()?.role ?? 0) >= Role.root
  const [blurErrors, setBlurErrors] = useState<Partial<Record<keyof ChannelForm, string>>>({})
  const errorOf = (field: keyof ChannelForm) => errors[field] ?? blurErrors[field]

  /** Spec §5: the model mapping is checked when the field loses focus. */
  const checkJson = (field: JsonField) => {
    const valid = isJsonObjectText(form[field])
    const message =
      field === 'model_mapping'
        ? t('messages.modelMappingInvalid')
        : t('messages.jsonInvalid', { field: t(`editor.${jsonLabels[field]}`) })
    if (!valid) toast.error(message)
    setBlurErrors((previous) => ({ ...previous, [field]: valid ? undefined : message }))
  }

  const json = (field: JsonField, hint: ReactNode, placeholder = '{}') => (
    <Field id={`channel-${field}`} label={t(`editor.${jsonLabels[field]}`)} hint={hint} error={errorOf(field)}>
      <Textarea
        id={`channel-${field}`}
        data-testid={`channel-${field.replaceAll('_', '-')}`}
        className="min-h-20 font-mono text-xs"
        spellCheck={false}
        value={form[field]}
        placeholder={placeholder}
        aria-invalid={errorOf(field) ? true : undefined}
        onChange={(event) => set({ [field]: event.target.value })}
        onBlur={() => checkJson(field)}
      />
    </Field>
  )

  const text = (field: TextField, label: string, placeholder?: string) => (
    <Field id={`channel-${field}`} label={label}>
      <Input
        id={`channel-${field}`}
        data-testid={`channel-${field.replaceAll('_', '-')}`}
        value={form[field]}
        placeholder={placeholder}
        onChange={(event) => set({ [field]: event.target.value })}
      />
    </Field>
  )

  const number = (field: 'priority' | 'weight', hint: string) => (
    <Field id={`channel-${field}`} label={t(`editor.${field}`)} hint={hint} error={errorOf(field)}>
      <Input
        id={`channel-${field}`}
        data-testid={`channel-${field}`}
        type="number"
        inputMode="numeric"
        step={1}
        min={field === 'priority' ? -999 : 0}
        value={form[field]}
        aria-invalid={errorOf(field) ? true : undefined}
        onChange={(event) => set({ [field]: event.target.value })}
      />
    </Field>
  )

  const otherLabel = otherFieldLabel(form.type)
  return (
    <FormSection title={t('editor.sections.advanced')} testId="editor-advanced">
      {json('model_mapping', t('editor.modelMappingHint'), '{"gpt-3.5-turbo": "gpt-3.5-turbo-0125"}')}
      {json('status_code_mapping', t('editor.statusCodeMappingHint'), '{"400": "500"}')}
      <div className="grid gap-4 sm:grid-cols-2">
        {number('priority', t('editor.priorityHint'))}
        {number('weight', t('editor.weightHint'))}
      </div>
      <SwitchRow
        id="channel-auto-ban"
        label={t('editor.autoBan')}
        hint={t('editor.autoBanHint')}
        checked={form.auto_ban}
        onChange={(checked) => set({ auto_ban: checked })}
      />
      {isRoot && (
        <SwitchRow
          id="channel-private-network"
          label={t('editor.privateNetwork')}
          hint={t('editor.privateNetworkHint')}
          checked={form.private_network}
          onChange={(checked) => set({ private_network: checked })}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('test_model', t('editor.testModel'), t('editor.testModelPlaceholder'))}
        {text('tag', t('editor.tag'), t('editor.tagPlaceholder'))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {form.type === ChannelType.openAI && text('openai_organization', t('editor.organization'), 'org-…')}
        {text('other', t(`editor.${otherLabel}`), form.type === ChannelType.xunfei ? 'v2.1' : undefined)}
      </div>
      {json('setting', t('editor.jsonHint'))}
      {json('settings', t('editor.jsonHint'))}
      {json('param_override', t('editor.jsonHint'))}
      {json('header_override', t('editor.jsonHint'))}
      {text('remark', t('editor.remark'))}
    </FormSection>
  )
}
