import type { UseMutationResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from './confirm-dialog'

/** i18n namespaces that carry the delete texts: confirm.delete*, toast.deleted and toast.deletedMany. */
type DeleteNamespace = 'tokens' | 'redemptions'

interface DeleteDialogsProps<T extends { id: number }> {
  namespace: DeleteNamespace
  /** how the single-delete confirmation names the row */
  labelOf: (item: T) => string
  deleteOne: UseMutationResult<unknown, Error, number>
  deleteMany: UseMutationResult<unknown, Error, number[]>
  single: T | null
  onSingleClose: () => void
  many: number[] | null
  onManyClose: () => void
  onManyDeleted: () => void
}

/** The two delete confirmations of a list page: one row, or the selected ones. */
export function DeleteDialogs<T extends { id: number }>(props: DeleteDialogsProps<T>) {
  const { namespace, labelOf, deleteOne, deleteMany, single, onSingleClose, many, onManyClose, onManyDeleted } = props
  const { t } = useTranslation(namespace)
  return (
    <>
      <ConfirmDialog
        open={single !== null}
        onOpenChange={(open) => !open && onSingleClose()}
        title={t('confirm.deleteTitle')}
        description={t('confirm.deleteBody', { name: single ? labelOf(single) : '' })}
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
