import type { UsableGroupInfo } from '@gateway/shared'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import {
  clampTemperature,
  normalizeMaxTokens,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TEMPERATURE_STEP,
  type PlaygroundSettings,
} from './playground-settings'

interface SettingsPanelProps {
  settings: PlaygroundSettings
  onChange: (next: PlaygroundSettings) => void
  groups: Record<string, UsableGroupInfo>
  models: string[]
}

/** Group, a searchable model list, temperature, max tokens and the system prompt. */
export function SettingsPanel({ settings, onChange, groups, models }: SettingsPanelProps) {
  const { t } = useTranslation('playground')
  const id = useId()
  const [modelSearch, setModelSearch] = useState('')
  const set = <K extends keyof PlaygroundSettings>(key: K, value: PlaygroundSettings[K]) =>
    onChange({ ...settings, [key]: value })

  const modelOptions = useMemo(() => {
    const needle = modelSearch.trim().toLowerCase()
    const matching = models.filter((model) => !needle || model.toLowerCase().includes(needle))
    // The chosen model stays selectable even when the search or the list leaves it out.
    return matching.includes(settings.model) ? matching : [settings.model, ...matching]
  }, [models, modelSearch, settings.model])

  return (
    <div className="flex flex-col gap-5" data-testid="playground-settings">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-group`}>{t('group')}</Label>
        <NativeSelect
          id={`${id}-group`}
          className="h-9"
          value={settings.group}
          onChange={(event) => set('group', event.target.value)}
        >
          {Object.entries(groups).map(([name, info]) => (
            <option key={name} value={name}>
              {info.desc ? `${name} · ${info.desc}` : name} ({info.ratio}x)
            </option>
          ))}
          {!(settings.group in groups) && <option value={settings.group}>{settings.group || '-'}</option>}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-model`}>{t('model')}</Label>
        <Input
          value={modelSearch}
          placeholder={t('modelSearch')}
          aria-label={t('modelSearch')}
          onChange={(event) => setModelSearch(event.target.value)}
        />
        <NativeSelect
          id={`${id}-model`}
          className="h-9"
          value={settings.model}
          onChange={(event) => set('model', event.target.value)}
        >
          {modelOptions.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor={`${id}-temperature`}>{t('temperature')}</Label>
          <span className="text-sm tabular-nums text-muted-foreground">
            {clampTemperature(settings.temperature).toFixed(1)}
          </span>
        </div>
        <input
          id={`${id}-temperature`}
          type="range"
          className="w-full accent-primary"
          min={TEMPERATURE_MIN}
          max={TEMPERATURE_MAX}
          step={TEMPERATURE_STEP}
          value={clampTemperature(settings.temperature)}
          onChange={(event) => set('temperature', clampTemperature(Number(event.target.value)))}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-max-tokens`}>{t('maxTokens')}</Label>
        <Input
          id={`${id}-max-tokens`}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={settings.maxTokens}
          onChange={(event) => set('maxTokens', normalizeMaxTokens(event.target.value))}
        />
        <p className="text-xs text-muted-foreground">{t('maxTokensHint')}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-system`}>{t('systemPrompt')}</Label>
        <Textarea
          id={`${id}-system`}
          rows={5}
          value={settings.systemPrompt}
          onChange={(event) => set('systemPrompt', event.target.value)}
        />
        <p className="text-xs text-muted-foreground">{t('systemPromptHint')}</p>
      </div>
    </div>
  )
}
