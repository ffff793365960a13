import { useMutation } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { channelsApi } from './api'
import { Field, FormSection } from './channel-field'
import { MultiSelect } from './channel-multi-select'
import { buildTagEdit, initialTagForm, type TagForm } from './channel-tag-editor-form'
import { useAllModels, useGroups, useInvalidateChannels } from './queries'

interface TagEditorDrawerProps {
  /** The tag being edited; null keeps the drawer closed. */
  tag: string | null
  onClose: () => void
}

/** Edits every channel of a tag at once (PUT /api/channel/tag). */
export function TagEditorDrawer({ tag, onClose }: TagEditorDrawerProps) {
  const { t } = useTranslation('channels')
  return (
    <Sheet open={tag !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent data-testid="tag-editor" className="sm:max-w-[600px]">
        <SheetHeader className="border-b pr-12">
          <SheetTitle>{t('tagEditor.title', { tag: tag ?? '' })}</SheetTitle>
          <SheetDescription>{t('tagEditor.description')}</SheetDescription>
        </SheetHeader>
        {tag !== null && <TagEditorForm key={tag} tag={tag} onClose={onClose} />}
      </SheetContent>
    </Sheet>
  )
}

function TagEditorForm({ tag, onClose }: { tag: string; onClose: () => void }) {
  const { t } = useTranslation('channels')
  const invalidate = useInvalidateChannels()
  const models = useAllModels()
  const groups = useGroups()
  const [form, setForm] = useState<TagForm>(() => initialTagForm(tag))
  const [error, setError] = useState<{ field: keyof TagForm; message: string } | null>(null)
  const submitting = useRef(false)
  const set = (patch: Partial<TagForm>) => {
    setForm((previous) => ({ ...previous, ...patch }))
    setError(null)
  }
  const modelOptions = useMemo(() => models.data ?? [], [models.data])

  const save = useMutation({
    mutationFn: channelsApi.editTag,
    onSuccess: async () => {
      toast.success(t('toasts.tagUpdated'))
      await invalidate()
      onClose()
    },
    onSettled: () => {
      submitting.current = false
    },
  })

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (submitting.current) {
      toast.error(t('messages.duplicateSubmit'))
      return
    }
    const result = buildTagEdit(tag, form)
    if ('error' in result) {
      const field = (
        {
          nothingChanged: 'new_tag',
          priorityInteger: 'priority',
          priorityMin: 'priority',
          weightNonNegative: 'weight',
          modelMappingInvalid: 'model_mapping',
        } as const
      )[result.error]
      const message = t(`messages.${result.error}`)
      setError({ field, message })
      toast.error(message)
      return
    }
    submitting.current = true
    save.mutate(result.edit)
  }
  const errorOf = (field: keyof TagForm) => (error?.field === field ? error.message : undefined)

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col" data-testid="tag-editor-form">
      <div className="grid flex-1 content-start gap-4 overflow-y-auto p-4">
        <FormSection title={t('editor.sections.basic')}>
          <Field
            id="tag-new-tag"
            label={t('tagEditor.newTag')}
            hint={t('tagEditor.newTagHint')}
            error={errorOf('new_tag')}
          >
            <Input
              id="tag-new-tag"
              data-testid="tag-new-tag"
              value={form.new_tag}
              onChange={(event) => set({ new_tag: event.target.value })}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="tag-priority"
              label={t('editor.priority')}
              hint={t('tagEditor.blank')}
              error={errorOf('priority')}
            >
              <Input
                id="tag-priority"
                data-testid="tag-priority"
                inputMode="numeric"
                value={form.priority}
                onChange={(event) => set({ priority: event.target.value })}
              />
            </Field>
            <Field id="tag-weight" label={t('editor.weight')} hint={t('tagEditor.blank')} error={errorOf('weight')}>
              <Input
                id="tag-weight"
                data-testid="tag-weight"
                inputMode="numeric"
                value={form.weight}
                onChange={(event) => set({ weight: event.target.value })}
              />
            </Field>
          </div>
        </FormSection>
        <FormSection title={t('editor.sections.models')}>
          <Field id="tag-models" label={t('editor.models')} hint={t('tagEditor.blank')}>
            <MultiSelect
              id="tag-models"
              data-testid="tag-models"
              options={modelOptions}
              value={form.models}
              onChange={(next) => set({ models: next })}
              placeholder={t('tagEditor.blank')}
            />
          </Field>
          <Field id="tag-groups" label={t('editor.groups')} hint={t('tagEditor.blank')}>
            <MultiSelect
              id="tag-groups"
              data-testid="tag-groups"
              options={groups.data ?? []}
              value={form.groups}
              onChange={(next) => set({ groups: next })}
              placeholder={t('tagEditor.blank')}
            />
          </Field>
          <Field
            id="tag-model-mapping"
            label={t('editor.modelMapping')}
            hint={t('tagEditor.blank')}
            error={errorOf('model_mapping')}
          >
            <Textarea
              id="tag-model-mapping"
              data-testid="tag-model-mapping"
              className="min-h-20 font-mono text-xs"
              value={form.model_mapping}
              placeholder="{}"
              onChange={(event) => set({ model_mapping: event.target.value })}
            />
          </Field>
        </FormSection>
      </div>
      <div className="flex justify-end gap-2 border-t bg-background p-4">
        <Button variant="outline" onClick={onClose}>
          {t('editor.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="tag-editor-save">
          {save.isPending && <Spinner />}
          {t('editor.save')}
        </Button>
      </div>
    </form>
  )
}
