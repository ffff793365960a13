import { EditorDrawer, type EditorTarget } from '@/components/editor-drawer'
import { userDetailQuery } from './queries'
import { UserEditorForm } from './user-editor-form'

export type UserEditorTarget = EditorTarget

interface UserEditorDrawerProps {
  target: UserEditorTarget | null
  onClose: () => void
}

/** The add-user and edit-user side panels; editing reads the user fresh from GET /api/user/:id. */
export function UserEditorDrawer({ target, onClose }: UserEditorDrawerProps) {
  return (
    <EditorDrawer
      target={target}
      onClose={onClose}
      namespace="users"
      detail={userDetailQuery}
      form={(user) => <UserEditorForm user={user} onCancel={onClose} onSaved={onClose} />}
      testId="user-editor"
    />
  )
}
