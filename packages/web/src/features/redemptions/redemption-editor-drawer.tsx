import { EditorDrawer, type EditorTarget } from '@/components/editor-drawer'
import { fetchRedemption } from './api'
import { RedemptionEditorForm } from './redemption-editor-form'

export type RedemptionEditorTarget = EditorTarget

interface RedemptionEditorDrawerProps {
  target: RedemptionEditorTarget | null
  onClose: () => void
  onCreated: (keys: string[], name: string) => void
}

const redemptionDetail = (id: number) => ({
  queryKey: ['redemptions', 'detail', id],
  queryFn: () => fetchRedemption(id),
})

/** The drawer that creates codes (then shows their keys) or edits one code. */
export function RedemptionEditorDrawer({ target, onClose, onCreated }: RedemptionEditorDrawerProps) {
  return (
    <EditorDrawer
      target={target}
      onClose={onClose}
      namespace="redemptions"
      detail={redemptionDetail}
      form={(redemption) => (
        <RedemptionEditorForm
          redemption={redemption}
          onCancel={onClose}
          onUpdated={onClose}
          onCreated={(keys, name) => {
            onClose()
            onCreated(keys, name)
          }}
        />
      )}
      testId="redemption-editor"
    />
  )
}
