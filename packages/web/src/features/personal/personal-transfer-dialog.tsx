import { formatQuota, type QuotaDisplay } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { FormField } from '@/features/auth/auth-form-field'
import { transferAffQuota } from './api'
import { checkTransferAmount } from './personal-validation'
import { useRefreshSelf } from './queries'

interface TransferDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** aff_quota: the invite reward that can still be moved */
  available: number
  display: QuotaDisplay
}

/** Moves invite reward into the balance; at least one quota unit (spec §5). */
export function TransferDialog({ open, onOpenChange, available, display }: TransferDialogProps) {
  const { t } = useTranslation(['personal', 'common'])
  const refreshSelf = useRefreshSelf()
  // A fresh instance per opening (the caller keys it), so the form starts from the available amount.
  const [amount, setAmount] = useState(() => String(available))
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: transferAffQuota,
    onSuccess: async () => {
      toast.success(t('transfer.done'))
      await refreshSelf()
      onOpenChange(false)
    },
    onError: (failure) => setError(failure.message),
  })

  const minimum = formatQuota(display.quotaPerUnit, display)
  const parsed = Number(amount)

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkTransferAmount(amount, display.quotaPerUnit, available)
    if (problem) return setError(t(problem, { amount: minimum }))
    setError(null)
    mutation.mutate(Number(amount.trim()))
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !mutation.isPending && onOpenChange(next)}>
      <DialogContent data-testid="transfer-dialog">
        <DialogHeader>
          <DialogTitle>{t('transfer.title')}</DialogTitle>
          <DialogDescription>{t('transfer.available', { amount: formatQuota(available, display) })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <FormField
            id="transfer-amount"
            label={t('transfer.amount')}
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={error}
            placeholder={String(display.quotaPerUnit)}
          />
          {!error && (
            <p className="-mt-2 text-xs text-muted-foreground">
              {amount.trim() !== '' && Number.isFinite(parsed)
                ? `${t('transfer.amountHint', { amount: formatQuota(parsed, display) })} · `
                : ''}
              {t('transfer.minimum', { amount: minimum })}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={mutation.isPending} onClick={() => onOpenChange(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending} data-testid="transfer-submit">
              {mutation.isPending && <Spinner />}
              {t('transfer.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
