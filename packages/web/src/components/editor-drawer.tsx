import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { Fragment, Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Spinner } from '@/components/ui/spinner'

/** What an editor drawer is open for; null keeps it closed. */
export type EditorTarget = { mode: 'create' } | { mode: 'edit'; id: number }

interface EditorDrawerProps<T extends { id: number }, K extends QueryKey> {
  target: EditorTarget | null
  onClose: () => void
  /** The page whose `editor.*` words (titles, descriptions, loading) the drawer shows. */
  namespace: 'tokens' | 'users' | 'redemptions'
  /** How to read the edited record: fresh at each opening, and not kept once the drawer is closed. */
  detail: (id: number) => UseQueryOptions<T, Error, T, K>
  /** The form: without a record it creates, with one it edits that record. */
  form: (record?: T) => ReactNode
  testId: string
}

/**
 * The right-side drawer (600 px, full width on mobile) that creates or edits one record of a page:
 * its title, then the form, or the edited record's loading row or error while it is read.
 */
export function EditorDrawer<T extends { id: number }, K extends QueryKey>({
  target,
  onClose,
  namespace,
  detail,
  form,
  testId,
}: EditorDrawerProps<T, K>) {
  const { t } = useTranslation(namespace)
  const editId = target?.mode === 'edit' ? target.id : null
  const record = useQuery({ ...detail(editId ?? 0), enabled: editId !== null, staleTime: 0, gcTime: 0 })
  const editing = target?.mode === 'edit'
  const loading = (
    <EditorMessage>
      <Spinner />
      {t('editor.loading')}
    </EditorMessage>
  )
  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="gap-0" data-testid={testId}>
        <SheetHeader className="border-b px-4 sm:px-6">
          <SheetTitle>{editing ? t('editor.editTitle') : t('editor.createTitle')}</SheetTitle>
          <SheetDescription>{editing ? t('editor.editDescription') : t('editor.createDescription')}</SheetDescription>
        </SheetHeader>
        {/* A form may be loaded lazily: its download shows as the loading row. */}
        <Suspense fallback={loading}>
          {target?.mode === 'create' && <Fragment key="create">{form()}</Fragment>}
          {editing &&
            (record.data ? (
              <Fragment key={record.data.id}>{form(record.data)}</Fragment>
            ) : record.isError ? (
              <EditorMessage>{record.error.message}</EditorMessage>
            ) : (
              loading
            ))}
        </Suspense>
      </SheetContent>
    </Sheet>
  )
}

function EditorMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
      {children}
    </div>
  )
}
