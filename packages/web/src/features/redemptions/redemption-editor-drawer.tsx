import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet'
import { Spinner } from '@/components/ui/spinner'
import { fetchRedemption } from './api'
import { RedemptionEditorForm } from './redemption-editor-form'

export type RedemptionEditorTarget = { mode: 'create' } | { mode: 'edit'; id: number }

interface RedemptionEditorDrawerProps {
  target: RedemptionEditorTarget | null
  onClose: () => void
  onCreated: (keys: string[], name: string) => void
}

export function RedemptionEditorDrawer({ target, onClose, onCreated }: RedemptionEditorDrawerProps) {
  const { t } = useTranslation('redemptions')
  const editId = target?.mode === 'edit' ? target.id : null
  const redemption = useQuery({
    queryKey: ['redemptions', 'detail', editId],
    queryFn: () => fetchRedemption(editId!),
    enabled: editId !== null,
    staleTime: 0,
    gcTime: 0,
  })
  const editing = target?.mode === 'edit'
  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="gap-0" data-testid="redemption-editor">
        <SheetHeader className="border-b px-4 sm:px-6">
          <SheetTitle>{editing ? t('editor.editTitle') : t('editor.createTitle')}</SheetTitle>
          <SheetDescription>{editing ? t('editor.editDescription') : t('editor.createDescription')}</SheetDescription>
        </SheetHeader>
        {target?.mode === 'create' && (
          <RedemptionEditorForm
            key="create"
            onCancel={onClose}
            onUpdated={onClose}
            onCreated={(keys, name) => {
              onClose()
              onCreated(keys, name)
            }}
          />
        )}
        {editing &&
          (redemption.data ? (
            <RedemptionEditorForm
              key={redemption.data.id}
              redemption={redemption.data}
              onCancel={onClose}
              onUpdated={onClose}
              onCreated={onCreated}
            />
          ) : (
            <div className="flex flex-1 items-center justify-center gap-2 text-sm text-muted-foreground">
              {redemption.isError ? (
                redemption.error.message
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
