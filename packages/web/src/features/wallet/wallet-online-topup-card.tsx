import { formatQuota, type Status } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { CreditCard, Info } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { isApiError } from '@/lib/api-client'
import { useQuotaDisplay } from '@/lib/quota-display'
import { payableQuery, usePayMutation } from './queries'
import { useDebouncedValue } from './use-debounced-value'
import { PayConfirmDialog, type PendingPayment } from './wallet-pay-confirm-dialog'
import { isUsableMethod, methodLabel, readPayMethods, safeColor, type PayMethod } from './wallet-pay-methods'
import { submitEpayForm } from './wallet-submit-epay-form'

const PAYABLE_DEBOUNCE_MS = 400

/** The whole number typed, or NaN (the server prices only whole amounts). */
const parseAmount = (text: string): number => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

/** Amount, payable money from the server, one button per payment method, a confirmation, then the gateway. */
export function OnlineTopUpCard({ status }: { status: Status }) {
  const { t } = useTranslation('wallet')
  const display = useQuotaDisplay()
  const minimum = status.display_in_currency ? status.min_topup : status.min_topup * status.quota_per_unit
  const enabled = status.enable_online_topup
  const [amountText, setAmountText] = useState(String(minimum))
  const [pending, setPending] = useState<PendingPayment | null>(null)
  const amount = parseAmount(amountText)
  const debounced = useDebouncedValue(amount, PAYABLE_DEBOUNCE_MS)
  const payable = useQuery({
    ...payableQuery(debounced),
    enabled: enabled && Number.isSafeInteger(debounced) && debounced > 0,
  })
  const pay = usePayMutation()
  const methods = readPayMethods(status.pay_methods)

  const quotaOf = (value: number) => (status.display_in_currency ? value * status.quota_per_unit : value)
  const payableNow = debounced === amount && payable.isSuccess ? payable.data : undefined

  const choose = (method: Partial<PayMethod>) => {
    if (!enabled) {
      toast.error(t('online.disabled'))
      return
    }
    if (!isUsableMethod(method)) {
      toast.error(t('online.badMethod'))
      return
    }
    if (!Number.isSafeInteger(amount) || amount < minimum) {
      toast.error(t('online.minimum', { min: minimum }))
      return
    }
    setPending({
      amount,
      amountText: formatQuota(quotaOf(amount), display),
      method: { ...method, name: methodLabel(method, t) || method.type },
    })
  }

  const confirm = () => {
    if (!pending) return
    pay.mutate(
      { amount: pending.amount, method: pending.method.type },
      {
        onSuccess: (form) => submitEpayForm(form),
        onError: (error) => {
          if (isApiError(error) && error.status === 401) return
          toast.error(
            isApiError(error) && error.status > 0 && error.message ? error.message : t('online.requestFailed')
          )
        },
      }
    )
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard className="size-5 text-primary" aria-hidden />
          {t('online.title')}
        </CardTitle>
        <CardDescription>{t('online.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!enabled && (
          <Alert variant="warning" data-testid="wallet-online-disabled">
            <Info aria-hidden />
            <AlertDescription>{t('online.disabled')}</AlertDescription>
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="wallet-amount">
              {status.display_in_currency ? t('online.amountCurrency') : t('online.amountQuota')}
            </Label>
            <Input
              id="wallet-amount"
              type="number"
              inputMode="numeric"
              min={minimum}
              step={status.display_in_currency ? 1 : status.quota_per_unit}
              value={amountText}
              disabled={!enabled}
              aria-invalid={enabled && amountText !== '' && (!Number.isSafeInteger(amount) || amount < minimum)}
              onChange={(event) => setAmountText(event.target.value)}
            />
            <p className="text-xs text-muted-foreground">{t('online.minimumHint', { min: minimum })}</p>
          </div>
          <div className="flex flex-col gap-2">
            <span className="text-sm leading-none font-medium">{t('online.payable')}</span>
            <div className="flex h-9 items-center rounded-md bg-muted/60 px-3" aria-live="polite">
              {!enabled || !Number.isSafeInteger(amount) ? (
                <span className="text-muted-foreground">—</span>
              ) : payableNow !== undefined ? (
                <span data-testid="wallet-payable" className="font-semibold tabular-nums">
                  {t('online.payableValue', { money: payableNow })}
                </span>
              ) : payable.isError && debounced === amount ? (
                <span data-testid="wallet-payable-error" className="truncate text-sm text-destructive">
                  {payable.error.message}
                </span>
              ) : (
                <span className="text-muted-foreground">{t('online.calculating')}</span>
              )}
            </div>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <span className="text-sm leading-none font-medium">{t('online.methods')}</span>
          {methods.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('online.noMethods')}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {methods.map((method, index) => (
                <Button
                  key={`${method.type ?? ''}-${index}`}
                  variant="outline"
                  disabled={!enabled || pay.isPending}
                  onClick={() => choose(method)}
                  data-testid={`wallet-pay-${method.type ?? index}`}
                >
                  <span
                    className="size-2.5 rounded-full bg-primary"
                    style={{ backgroundColor: safeColor(method.color) }}
                    aria-hidden
                  />
                  {methodLabel(method, t) || t('online.unnamedMethod')}
                </Button>
              ))}
            </div>
          )}
        </div>
      </CardContent>
      <PayConfirmDialog
        pending={pending}
        payable={payableNow}
        submitting={pay.isPending || pay.isSuccess}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Card>
  )
}
