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
import type { PayMethod } from './wallet-pay-methods'

export interface PendingPayment {
  amount: number
  amountText: string
  method: PayMethod
}

interface PayConfirmDialogProps {
  pending: PendingPayment | null
  payable: string | undefined
  submitting: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Shows what will be bought and paid before leaving for the payment gateway. */
export function PayConfirmDialog({ pending, payable, submitting, onConfirm, onClose }: PayConfirmDialogProps) {
  const { t } = useTranslation(['wallet', 'common'])
  const rows = pending
    ? [
        { key: 'amount', label: t('confirm.amount'), value: pending.amountText },
        {
          key: 'payable',
          label: t('confirm.payable'),
          value: payable === undefined ? '—' : t('online.payableValue', { money: payable }),
        },
        { key: 'method', label: t('confirm.method'), value: pending.method.name },
      ]
    : []
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('confirm.title')}</DialogTitle>
          <DialogDescription>{t('confirm.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm" data-testid="wallet-confirm-details">
          {rows.map((row) => (
            <div key={row.key} className="flex items-baseline justify-between gap-4 border-b pb-2 last:border-b-0">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="min-w-0 text-right font-medium break-all tabular-nums">{row.value}</dd>
            </div>
          ))}
        </dl>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={submitting} data-testid="wallet-confirm-pay">
            {submitting ? t('confirm.submitting') : t('confirm.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
