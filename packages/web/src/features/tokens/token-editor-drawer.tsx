import { lazy } from 'react'
import { EditorDrawer, type EditorTarget } from '@/components/editor-drawer'
import { fetchToken } from './api'

// The form (its sections, model picker and rules) is fetched when the drawer first opens: the list
// itself does not need it, and it is a good part of the page's download.
const TokenEditorForm = lazy(() =>
  import('./token-editor-form').then(({ TokenEditorForm: Form }) => ({ default: Form }))
)

export type TokenEditorTarget = EditorTarget

const tokenDetail = (id: number) => ({ queryKey: ['tokens', 'detail', id], queryFn: () => fetchToken(id) })

/** The drawer that creates or edits a token. */
export function TokenEditorDrawer({ target, onClose }: { target: TokenEditorTarget | null; onClose: () => void }) {
  return (
    <EditorDrawer
      target={target}
      onClose={onClose}
      namespace="tokens"
      detail={tokenDetail}
      form={(token) => <TokenEditorForm token={token} onDone={onClose} onCancel={onClose} />}
      testId="token-editor"
    />
  )
}
