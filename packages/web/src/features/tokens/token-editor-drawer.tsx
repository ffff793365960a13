import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Spinner } from '@/components/ui/spinner'
import { fetchToken } from './api'

// The form (its sections, model picker and rules) is fetched when the drawer first opens: the list
// itself does not need it, and it is a good part of the page's download.
const TokenEditorForm = lazy(() =>
  import('./token-editor-form').then(({ TokenEditorForm: Form }) => ({ default: Form }))
)

export type TokenEditorTarget = { mode: 'create' } | { mode: 'edit'; id: number }

/** The right-side drawer (600 px, full width on mobile) that creates or edits a token. */
export function TokenEditorDrawer({ target, onClose }: { target: TokenEditorTarget | null; onClose: () => void }) {
  const { t } = useTranslation('tokens')
  const editId = target?.mode === 'edit' ? target.id : null
  const token = useQuery({
    queryKey: ['tokens', 'detail', editId],
    queryFn: () => fetchToken(editId!),
    enabled: editId !== null,
    staleTime: 0,
    gcTime: 0,
  })
  const editing = target?.mode === 'edit'

  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="gap-0" data-testid="token-editor">
        <SheetHeader className="border-b px-4 sm:px-6">
          <SheetTitle>{editing ? t('editor.editTitle') : t('editor.createTitle')}</SheetTitle>
          <SheetDescription>{editing ? t('editor.editDescription') : t('editor.createDescription')}</SheetDescription>
        </SheetHeader>
        <Suspense fallback={<EditorLoading label={t('editor.loading')} />}>
          {target?.mode === 'create' && <TokenEditorForm key="create" onDone={onClose} onCancel={onClose} />}
          {editing &&
            (token.data ? (
              <TokenEditorForm key={token.data.id} token={token.data} onDone={onClose} onCancel={onClose} />
            ) : token.isError ? (
              <div className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground">
                {token.error.message}
              </div>
            ) : (
              <EditorLoading label={t('editor.loading')} />
            ))}
        </Suspense>
      </SheetContent>
    </Sheet>
  )
}

function EditorLoading({ label }: { label: string }) {
  return (
    <div className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {label}
    </div>
  )
}
