import { formatQuota, type QuotaDisplay } from '@gateway/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { parseQuota } from './user-form'

interface UserQuotaDialogProps {
  open: boolean
  current: number
  display: QuotaDisplay
  onClose: () => void
  /** the new total (current + amount), an integer of at least 0 */
  onApply: (total: number) => void
}

/** Adds an amount (negative to take some away) to the quota in the form; saving the form stores it. */
export function UserQuotaDialog({ open, current, display, onClose, onApply }: UserQuotaDialogProps) {
  const { t } = useTranslation(['users', 'common'])
  const [amount, setAmount] = useState('')
  const parsed = parseQuota(amount)
  const total = parsed === undefined ? undefined : current + parsed
  const error =
    amount.trim() === ''
      ? undefined
      : parsed === undefined
        ? t('common:validation.quotaInteger')
        : total! < 0
          ? t('common:validation.quotaNegative')
          : undefined
  const close = () => {
    setAmount('')
    onClose()
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="sm:max-w-md" data-testid="user-quota-dialog">
        <DialogHeader>
          <DialogTitle>{t('quota.title')}</DialogTitle>
          <DialogDescription>{t('quota.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="user-quota-amount">{t('quota.amount')}</Label>
          <Input
            id="user-quota-amount"
            inputMode="numeric"
            value={amount}
            placeholder={t('quota.amountPlaceholder')}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setAmount(event.target.value)}
            data-testid="user-quota-amount"
          />
          {error ? (
            <p className="text-[13px] text-destructive" role="alert">
              {error}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground tabular-nums" data-testid="user-quota-result">
              {t('quota.result', {
                current: formatQuota(current, display),
                total: total === undefined ? '—' : `${formatQuota(total, display)} (${total})`,
              })}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t('editor.cancel')}
          </Button>
          <Button
            disabled={total === undefined || error !== undefined}
            onClick={() => {
              if (total === undefined || total < 0) return
              onApply(total)
              close()
            }}
            data-testid="user-quota-apply"
          >
            {t('quota.apply')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
