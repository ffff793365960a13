import { RedemptionStatus } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Badge, type BadgeProps } from '@/components/ui/badge'

const variants: Record<number, { variant: BadgeProps['variant']; key: 'unused' | 'disabled' | 'used' }> = {
  [RedemptionStatus.unused]: { variant: 'success', key: 'unused' },
  [RedemptionStatus.disabled]: { variant: 'muted', key: 'disabled' },
  [RedemptionStatus.used]: { variant: 'info', key: 'used' },
}

/** Unused green, disabled grey, used blue. */
export function RedemptionStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('redemptions')
  const entry = variants[status]
  if (!entry) return <Badge variant="outline">{t('status.unknown')}</Badge>
  return (
    <Badge variant={entry.variant} data-testid="redemption-status" data-status={status}>
      {t(`status.${entry.key}`)}
    </Badge>
  )
}
