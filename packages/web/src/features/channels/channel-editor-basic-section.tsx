import { CHANNEL_TYPES, ChannelAddMode, ChannelType, channelTypeInfo, XUNFEI_DEFAULT_VERSION } from '@gateway/shared'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { keyLineCount, type ChannelForm, type EditorMode } from './channel-editor-form'
import { EditorKeyModes } from './channel-editor-key-modes'
import type { SectionProps } from './channel-editor-types'
import { Field, FormSection } from './channel-field'
import { useTypeLabel } from './channel-type-label'

/** What the key field says under it: the format, then how the lines are used by the add mode. */
function keyModeLines(t: TFunction<'channels'>, form: ChannelForm, mode: EditorMode, lines: number): (string | null)[] {
  if (mode === 'edit') return [form.is_multi_key ? t('editor.multiKeyEditHint', { count: form.multi_key_size }) : null]
  if (form.add_mode === ChannelAddMode.batch)
    return [t('editor.batchKeyHint'), lines > 1 ? t('editor.batchKeyCount', { count: lines }) : null]
  if (form.add_mode === ChannelAddMode.multiToSingle)
    return [t('editor.multiKeyHint'), lines > 0 ? t('editor.multiKeyCount', { count: lines }) : null]
  return [t('editor.singleKeyHint')]
}

/** Type, name, base URL and key, with how the key text is used. */
export function EditorBasicSection({ form, set, errors, mode }: SectionProps) {
  const { t } = useTranslation('channels')
  const typeLabel = useTypeLabel()
  const info = channelTypeInfo(form.type)
  const defaultUrl = (info?.defaultBaseUrl ?? '').replace(/\/+$/, '')
  const lines = keyLineCount(form)
  const keyFormat = info?.keyFormat
  const keyHint = [
    keyFormat
      ? t('editor.keyFormat', {
          format: keyFormat === 'service account JSON' ? t('keyFormats.service account JSON') : keyFormat,
        })
      : null,
    ...keyModeLines(t, form, mode, lines),
  ]
    .filter((line): line is string => Boolean(line))
    .map((line) => (
      <span key={line} className="block">
        {line}
      </span>
    ))

  return (
    <FormSection title={t('editor.sections.basic')} testId="editor-basic">
      <Field id="channel-type" label={t('editor.type')}>
        <NativeSelect
          id="channel-type"
          data-testid="channel-type"
          className="h-9"
          value={form.type}
          onChange={(event) => {
            const type = Number(event.target.value)
            // Spec §5: Xunfei's API version defaults to v2.1.
            set(
              type === ChannelType.xunfei && form.other.trim() === ''
                ? { type, other: XUNFEI_DEFAULT_VERSION }
                : { type }
            )
          }}
        >
          {!info && <option value={form.type}>{typeLabel(form.type)}</option>}
          {CHANNEL_TYPES.map((type) => (
            <option key={type.id} value={type.id}>
              {type.unsupported ? t('editor.unsupportedOption', { label: typeLabel(type.id) }) : typeLabel(type.id)}
            </option>
          ))}
        </NativeSelect>
        {info?.unsupported && (
          <p
            data-testid="channel-type-unsupported"
            role="status"
            className="mt-1.5 text-xs text-amber-700 dark:text-amber-400"
          >
            {t('editor.unsupported', { reason: t(`unsupportedReasons.${info.unsupported}`) })}
          </p>
        )}
      </Field>
      <Field id="channel-name" label={t('editor.name')} error={errors.name}>
        <Input
          id="channel-name"
          data-testid="channel-name"
          value={form.name}
          placeholder={t('editor.namePlaceholder')}
          aria-invalid={errors.name ? true : undefined}
          onChange={(event) => set({ name: event.target.value })}
        />
      </Field>
      <Field
        id="channel-base-url"
        label={t('editor.baseUrl')}
        hint={defaultUrl ? t('editor.baseUrlHint') : t('editor.baseUrlRequired')}
      >
        <Input
          id="channel-base-url"
          data-testid="channel-base-url"
          value={form.base_url}
          placeholder={defaultUrl || 'https://'}
          onChange={(event) => set({ base_url: event.target.value })}
          onBlur={() => set({ base_url: form.base_url.trim().replace(/\/+$/, '') })}
        />
      </Field>
      <EditorKeyModes form={form} set={set} mode={mode} />
      <Field id="channel-key" label={t('editor.key')} hint={keyHint} error={errors.key}>
        <Textarea
          id="channel-key"
          data-testid="channel-key"
          className="min-h-20 font-mono text-xs"
          value={form.key}
          spellCheck={false}
          autoComplete="off"
          placeholder={mode === 'edit' ? t('editor.keyEditPlaceholder') : (keyFormat ?? t('editor.keyPlaceholder'))}
          aria-invalid={errors.key ? true : undefined}
          onChange={(event) => set({ key: event.target.value })}
        />
      </Field>
    </FormSection>
  )
}
