import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Spinner } from '@/components/ui/spinner'
import { userDetailQuery } from './queries'
import { UserEditorForm } from './user-editor-form'

export type UserEditorTarget = { mode: 'create' } | { mode: 'edit'; id: number }

interface UserEditorDrawerProps {
  target: UserEditorTarget | null
  onClose: () => void
}

/** The add-user and edit-user side panels; editing reads the user fresh from GET /api/user/:id. */
export function UserEditorDrawer({ target, onClose }: UserEditorDrawerProps) {
  const { t } = useTranslation('users')
  const editId = target?.mode === 'edit' ? target.id : null
  const user = useQuery({ ...userDetailQuery(editId ?? 0), enabled: editId !== null, gcTime: 0 })
  const editing = target?.mode === 'edit'
  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="gap-0" data-testid="user-editor">
        <SheetHeader className="border-b px-4 sm:px-6">
          <SheetTitle>{editing ? t('editor.editTitle') : t('editor.createTitle')}</SheetTitle>
          <SheetDescription>{editing ? t('editor.editDescription') : t('editor.createDescription')}</SheetDescription>
        </SheetHeader>
        {target?.mode === 'create' && <UserEditorForm key="create" onCancel={onClose} onSaved={onClose} />}
        {editing &&
          (user.data ? (
            <UserEditorForm key={user.data.id} user={user.data} onCancel={onClose} onSaved={onClose} />
          ) : (
            <div className="flex flex-1 items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
              {user.isError ? (
                user.error.message
              ) : (
                <>
                  <Spinner />
                  {t('editor.loading')}
                </>
              )}
            </div>
          ))}
      </SheetContent>
    </Sheet>
  )
}
