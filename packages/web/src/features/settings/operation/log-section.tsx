import { useMutation } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cleanLogsBefore } from '../api'
import { SwitchOption } from '../form/option-fields'
import { OptionSection, wide } from '../form/option-section'
import { useOptionForm } from '../form/use-option-form'

const keys = ['LogConsumeEnabled'] as const

/** Local midnight of a yyyy-mm-dd date as unix seconds; null when blank or invalid. */
export function dateToTimestamp(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const time = new Date(`${date}T00:00:00`).getTime()
  return Number.isFinite(time) ? Math.floor(time / 1000) : null
}

/** Consumption logging and the cleanup of logs recorded before a chosen date. */
export function LogSection() {
  const { t } = useTranslation('settings')
  const form = useOptionForm({ keys })
  const [date, setDate] = useState('')
  const [confirming, setConfirming] = useState(false)
  const cleanup = useMutation({
    mutationFn: cleanLogsBefore,
    meta: { silent: true },
    onSuccess: (count) => {
      setConfirming(false)
      toast.success(t('operation.log.cleaned', { count: count ?? 0 }))
    },
    onError: (error) => {
      setConfirming(false)
      toast.error(t('operation.log.cleanFailed', { message: error.message }))
    },
  })
  const timestamp = dateToTimestamp(date)
  return (
    <OptionSection id="log" title={t('operation.log.title')} form={form}>
      <SwitchOption form={form} name="LogConsumeEnabled" label={t('operation.log.consume')} className={wide} />
      <div className={`grid gap-2 ${wide}`}>
        <Label htmlFor="log-cleanup-date">{t('operation.log.cleanupDate')}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="log-cleanup-date"
            data-testid="log-cleanup-date"
            type="date"
            className="w-auto min-w-44"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
          <Button
            variant="destructive"
            data-testid="log-cleanup"
            onClick={() => (timestamp === null ? toast.error(t('operation.log.chooseDate')) : setConfirming(true))}
          >
            <Trash2 />
            {t('operation.log.cleanup')}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">{t('operation.log.cleanupHint')}</p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('operation.log.confirmTitle')}
        description={t('operation.log.confirmBody', { date })}
        destructive
        pending={cleanup.isPending}
        onConfirm={() => timestamp !== null && cleanup.mutate(timestamp)}
      />
    </OptionSection>
  )
}
