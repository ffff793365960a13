import { ChannelAddMode, channelAddModes, MultiKeyMode, multiKeyModes } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { NativeSelect } from '@/components/ui/native-select'
import { Switch } from '@/components/ui/switch'
import type { SectionProps } from './channel-editor-types'
import { Field } from './channel-field'

/**
 * How the key text is used. Creating: one channel, one per key line, or one channel holding every
 * key (and then how a request picks one). Editing a multi-key channel: whether a new key text is
 * added to the keys or replaces them, and the pick mode.
 */
export function EditorKeyModes({ form, set, mode }: Omit<SectionProps, 'errors'>) {
  const { t } = useTranslation('channels')
  const showPick = mode === 'create' ? form.add_mode === ChannelAddMode.multiToSingle : form.is_multi_key
  if (mode === 'edit' && !form.is_multi_key) return null
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {mode === 'create' && (
        <Field id="channel-add-mode" label={t('editor.addMode')} className="sm:col-span-2">
          <NativeSelect
            id="channel-add-mode"
            data-testid="channel-add-mode"
            className="h-9"
            value={form.add_mode}
            // The key's message (several lines in single mode) no longer applies once the mode changes.
            onChange={(event) => set({ add_mode: event.target.value as ChannelAddMode, key: form.key })}
          >
            {channelAddModes.map((value) => (
              <option key={value} value={value}>
                {t(`editor.addModes.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      {mode === 'create' && form.add_mode === ChannelAddMode.batch && (
        <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5 sm:col-span-2">
          <label htmlFor="channel-batch-prefix" className="text-sm">
            {t('editor.batchPrefixName')}
          </label>
          <Switch
            id="channel-batch-prefix"
            data-testid="channel-batch-prefix"
            checked={form.batch_prefix_name}
            onCheckedChange={(checked) => set({ batch_prefix_name: checked })}
          />
        </div>
      )}
      {mode === 'edit' && (
        <Field id="channel-key-mode" label={t('editor.keyMode')}>
          <NativeSelect
            id="channel-key-mode"
            data-testid="channel-key-mode"
            className="h-9"
            value={form.key_mode}
            onChange={(event) => set({ key_mode: event.target.value as 'append' | 'replace' })}
          >
            <option value="append">{t('editor.keyModes.append')}</option>
            <option value="replace">{t('editor.keyModes.replace')}</option>
          </NativeSelect>
        </Field>
      )}
      {showPick && (
        <Field
          id="channel-multi-key-mode"
          label={t('editor.multiKeyMode')}
          hint={t(`editor.multiKeyModeHints.${form.multi_key_mode}`)}
        >
          <NativeSelect
            id="channel-multi-key-mode"
            data-testid="channel-multi-key-mode"
            className="h-9"
            value={form.multi_key_mode}
            onChange={(event) =>
              set({
                multi_key_mode:
                  event.target.value === MultiKeyMode.polling ? MultiKeyMode.polling : MultiKeyMode.random,
              })
            }
          >
            {multiKeyModes.map((value) => (
              <option key={value} value={value}>
                {t(`editor.multiKeyModes.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
    </div>
  )
}
