import { useMutation, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Spinner } from '@/components/ui/spinner'
import { channelsApi } from './api'
import { EditorAdvancedSection } from './channel-editor-advanced-section'
import { EditorBasicSection } from './channel-editor-basic-section'
import {
  emptyForm,
  formFromChannel,
  toCreateBody,
  toUpdateBody,
  validateForm,
  type ChannelForm,
  type EditorMode,
} from './channel-editor-form'
import { EditorModelsSection } from './channel-editor-models-section'
import { EditorOptionsSection } from './channel-editor-options-section'
import { channelQuery, useInvalidateChannels } from './queries'

interface ChannelEditorDrawerProps {
  mode: EditorMode
  /** The channel edited (edit mode). */
  channelId?: number
  /** Create mode prefilled from this channel, key empty (the copy action). */
  copyFrom?: number
  /** False while it slides out after its address was left; the channel is then no longer read. */
  open?: boolean
  onClose: () => void
}

/** The right-side drawer of /channel/add and /channel/edit/$id. */
export function ChannelEditorDrawer({ mode, channelId, copyFrom, open = true, onClose }: ChannelEditorDrawerProps) {
  const { t } = useTranslation('channels')
  const sourceId = mode === 'edit' ? channelId : copyFrom
  const source = useQuery({ ...channelQuery(sourceId ?? 0), enabled: open && sourceId !== undefined })
  const title = mode === 'edit' ? t('editor.titleEdit') : copyFrom ? t('editor.titleCopy') : t('editor.titleAdd')

  let body
  if (sourceId !== undefined && source.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {t('editor.loading')}
      </div>
    )
  } else if (sourceId !== undefined && source.isError) {
    body = (
      <p role="alert" className="flex-1 p-6 text-sm text-destructive">
        {source.error.message || t(copyFrom ? 'messages.copyFailed' : 'messages.notFound')}
      </p>
    )
  } else {
    const initial = source.data ? formFromChannel(source.data) : emptyForm()
    body = <EditorForm key={sourceId ?? 'new'} initial={initial} mode={mode} channelId={channelId} onClose={onClose} />
  }

  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()}>
      <SheetContent
        data-testid="channel-editor"
        className="sm:max-w-[600px]"
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        <SheetHeader className="border-b pr-12">
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>
            {mode === 'edit'
              ? t('editor.descriptionEdit', { id: channelId })
              : copyFrom
                ? t('toasts.copied')
                : t('editor.descriptionAdd')}
          </SheetDescription>
        </SheetHeader>
        {body}
      </SheetContent>
    </Sheet>
  )
}

interface EditorFormProps {
  initial: ChannelForm
  mode: EditorMode
  channelId?: number
  onClose: () => void
}

function EditorForm({ initial, mode, channelId, onClose }: EditorFormProps) {
  const { t } = useTranslation('channels')
  const invalidate = useInvalidateChannels()
  const [form, setForm] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof ChannelForm, string>>>({})
  const submitting = useRef(false)
  const set = (patch: Partial<ChannelForm>) => {
    setForm((previous) => ({ ...previous, ...patch }))
    setErrors((previous) => {
      const next = { ...previous }
      for (const key of Object.keys(patch) as (keyof ChannelForm)[]) delete next[key]
      return next
    })
  }

  const save = useMutation({
    mutationFn: async () => {
      if (mode === 'edit' && channelId !== undefined) return channelsApi.update(toUpdateBody(form, channelId))
      return channelsApi.create(toCreateBody(form))
    },
    onSuccess: async () => {
      toast.success(mode === 'edit' ? t('messages.updated') : t('messages.created'))
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
    const error = validateForm(form, mode)
    if (error) {
      const message =
        error.key === 'jsonInvalid'
          ? t('messages.jsonInvalid', { field: t(`editor.${error.label}` as 'editor.setting') })
          : t(`messages.${error.key}`)
      setErrors({ [error.field]: message })
      toast.error(message)
      // Bring the field with the problem into view.
      document.getElementById(`channel-${error.field}`)?.focus()
      return
    }
    submitting.current = true
    save.mutate()
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col" data-testid="channel-editor-form">
      <div className="grid flex-1 gap-4 overflow-y-auto p-4">
        <EditorBasicSection form={form} set={set} errors={errors} mode={mode} />
        <EditorModelsSection form={form} set={set} errors={errors} mode={mode} channelId={channelId} />
        <EditorOptionsSection form={form} set={set} errors={errors} mode={mode} />
        <EditorAdvancedSection form={form} set={set} errors={errors} mode={mode} />
      </div>
      <div className="flex justify-end gap-2 border-t bg-background p-4">
        <Button variant="outline" onClick={onClose} data-testid="channel-editor-cancel">
          {t('editor.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="channel-editor-save">
          {save.isPending && <Spinner />}
          {t('editor.save')}
        </Button>
      </div>
    </form>
  )
}
