import type { Token } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table'
import { useDeleteTokenMutation, useDeleteTokensMutation } from './queries'

interface TokenDeleteDialogsProps {
  single: Token | null
  onSingleClose: () => void
  many: number[] | null
  onManyClose: () => void
  onManyDeleted: () => void
}

/** The two delete confirmations of the token page: one token, or the selected ones. */
export function TokenDeleteDialogs({ single, onSingleClose, many, onManyClose, onManyDeleted }: TokenDeleteDialogsProps) {
  const { t } = useTranslation('tokens')
  const deleteOne = useDeleteTokenMutation()
  const deleteMany = useDeleteTokensMutation()
  return (
    <>
      <ConfirmDialog
        open={single !== null}
        onOpenChange={(open) => !open && onSingleClose()}
        title={t('confirm.deleteTitle')}
        description={t('confirm.deleteBody', { name: single?.name ?? '' })}
        confirmLabel={t('confirm.delete')}
        destructive
        pending={deleteOne.isPending}
        onConfirm={() =>
          single &&
          deleteOne.mutate(single.id, {
            onSuccess: () => {
              toast.success(t('toast.deleted'))
              onSingleClose()
            },
          })
        }
      />
      <ConfirmDialog
        open={many !== null}
        onOpenChange={(open) => !open && onManyClose()}
        title={t('confirm.deleteManyTitle')}
        description={t('confirm.deleteManyBody', { count: many?.length ?? 0 })}
        confirmLabel={t('confirm.delete')}
        destructive
        pending={deleteMany.isPending}
        onConfirm={() =>
          many &&
          deleteMany.mutate(many, {
            onSuccess: (count) => {
              toast.success(t('toast.deletedMany', { count: typeof count === 'number' ? count : many.length }))
              onManyDeleted()
              onManyClose()
            },
          })
        }
      />
    </>
  )
}
