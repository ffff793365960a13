import { CHANNEL_OTHER_SETTING_SWITCHES, CHANNEL_SETTING_SWITCHES, ChannelType } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Textarea } from '@/components/ui/textarea'
import { readOptions, writeOption } from './channel-editor-form'
import type { SectionProps } from './channel-editor-types'
import { Field, FormSection, SwitchRow } from './channel-field'

/** Options that only Claude upstreams understand; shown for Claude channels only. */
const CLAUDE_ONLY = new Set<string>(['allow_inference_geo', 'allow_speed', 'claude_beta_query'])

/**
 * The channel options the relay acts on, as controls over the two JSON fields (`setting` and
 * `settings`) that the advanced section also shows as text: the controls change one key and keep
 * the others. While a field's text is not a JSON object its controls are disabled (its error shows
 * there), so nothing typed is overwritten.
 */
export function EditorOptionsSection({ form, set }: SectionProps) {
  const { t } = useTranslation('channels')
  const setting = readOptions(form.setting)
  const settings = readOptions(form.settings)
  const claude = form.type === ChannelType.anthropic

  return (
    <FormSection title={t('editor.sections.options')} testId="editor-options">
      <Field
        id="channel-system-prompt"
        label={t('editor.options.system_prompt')}
        hint={
          setting ? t('editor.options.system_prompt_hint') : t('editor.options.invalid', { field: t('editor.setting') })
        }
      >
        <Textarea
          id="channel-system-prompt"
          data-testid="channel-system-prompt"
          className="min-h-16"
          disabled={!setting}
          value={typeof setting?.system_prompt === 'string' ? setting.system_prompt : ''}
          onChange={(event) => set({ setting: writeOption(form.setting, 'system_prompt', event.target.value) })}
        />
      </Field>
      {CHANNEL_SETTING_SWITCHES.map((key) => (
        <SwitchRow
          key={key}
          id={`channel-option-${key.replaceAll('_', '-')}`}
          label={t(`editor.options.${key}`)}
          hint={t(`editor.options.${key}_hint`)}
          checked={setting?.[key] === true}
          disabled={!setting}
          onChange={(checked) => set({ setting: writeOption(form.setting, key, checked) })}
        />
      ))}
      {CHANNEL_OTHER_SETTING_SWITCHES.filter((key) => claude || !CLAUDE_ONLY.has(key)).map((key) => (
        <SwitchRow
          key={key}
          id={`channel-option-${key.replaceAll('_', '-')}`}
          label={t(`editor.options.${key}`)}
          hint={t(`editor.options.${key}_hint`)}
          checked={settings?.[key] === true}
          disabled={!settings}
          onChange={(checked) => set({ settings: writeOption(form.settings, key, checked) })}
        />
      ))}
    </FormSection>
  )
}
