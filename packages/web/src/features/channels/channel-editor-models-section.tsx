import { uniqueItems } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import { CloudDownload, Eraser, ListPlus } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { isApiError } from '@/lib/api-client'
import { channelsApi } from './api'
import { addCustomModels } from './channel-editor-form'
import type { SectionProps } from './channel-editor-types'
import { Field, FormSection } from './channel-field'
import { MultiSelect } from './channel-multi-select'
import { useAllModels, useGroups, useModelsByType } from './queries'

/** Models (picker, fetch, fill, custom names, clear) and groups. */
export function EditorModelsSection({ form, set, errors, mode, channelId }: SectionProps & { channelId?: number }) {
  const { t } = useTranslation('channels')
  const [custom, setCustom] = useState('')
  const allModels = useAllModels()
  const byType = useModelsByType()
  const groups = useGroups()
  const related = useMemo(() => byType.data?.[String(form.type)] ?? [], [byType.data, form.type])
  const options = useMemo(() => uniqueItems([...related, ...(allModels.data ?? [])]), [related, allModels.data])

  const fetchModels = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      mode === 'edit' && channelId !== undefined && form.key.trim() === ''
        ? channelsApi.fetchModelsById(channelId)
        : channelsApi.fetchModels({
            base_url: form.base_url.trim().replace(/\/+$/, ''),
            type: form.type,
            key: form.key,
          }),
    onSuccess: (fetched) => {
      set({ models: uniqueItems([...form.models, ...fetched]) })
      toast.success(t('toasts.modelsFetched', { count: fetched.length }))
    },
    onError: (error) =>
      toast.error(isApiError(error) && error.message ? error.message : t('messages.fetchModelsFailed')),
  })

  const onFetch = () => {
    if (mode === 'create' && form.key.trim() === '') {
      toast.error(t('messages.keyRequired'))
      return
    }
    fetchModels.mutate()
  }

  const onAddCustom = () => {
    if (custom.trim() === '') return
    const result = addCustomModels(form.models, custom)
    if ('error' in result) {
      toast.error(t('messages.modelsExist'))
      return
    }
    set({ models: result.models })
    setCustom('')
  }

  return (
    <FormSection title={t('editor.sections.models')} testId="editor-models">
      <Field id="channel-models" label={t('editor.models')} hint={t('editor.modelsHint')} error={errors.models}>
        <MultiSelect
          id="channel-models"
          data-testid="channel-models"
          options={options}
          value={form.models}
          onChange={(models) => set({ models })}
          placeholder={t('editor.searchModels')}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={onFetch}
            disabled={fetchModels.isPending}
            data-testid="channel-fetch-models"
          >
            <CloudDownload />
            {t('editor.fetchModels')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={related.length === 0}
            onClick={() => set({ models: uniqueItems([...form.models, ...related]) })}
            data-testid="channel-fill-related"
          >
            <ListPlus />
            {t('editor.fillRelated')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => set({ models: [] })} data-testid="channel-clear-models">
            <Eraser />
            {t('editor.clearModels')}
          </Button>
        </div>
      </Field>
      <Field id="channel-custom-models" label={t('editor.customModels')}>
        <div className="flex gap-2">
          <Input
            id="channel-custom-models"
            data-testid="channel-custom-models"
            value={custom}
            placeholder={t('editor.customPlaceholder')}
            onChange={(event) => setCustom(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                onAddCustom()
              }
            }}
          />
          <Button variant="secondary" onClick={onAddCustom} data-testid="channel-add-custom">
            {t('editor.addCustom')}
          </Button>
        </div>
      </Field>
      <Field id="channel-groups" label={t('editor.groups')} hint={t('editor.groupsHint')}>
        <MultiSelect
          id="channel-groups"
          data-testid="channel-groups"
          options={groups.data ?? ['default']}
          value={form.groups}
          onChange={(next) => set({ groups: next })}
          placeholder={t('editor.groups')}
        />
      </Field>
    </FormSection>
  )
}
