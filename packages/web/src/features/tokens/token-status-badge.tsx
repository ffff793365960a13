import { TokenStatus } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Badge, type BadgeProps } from '@/components/ui/badge'

const variants: Record<
  number,
  { variant: BadgeProps['variant']; key: 'enabled' | 'disabled' | 'expired' | 'exhausted' }
> = {
  [TokenStatus.enabled]: { variant: 'success', key: 'enabled' },
  [TokenStatus.disabled]: { variant: 'muted', key: 'disabled' },
  [TokenStatus.expired]: { variant: 'danger', key: 'expired' },
  [TokenStatus.exhausted]: { variant: 'warning', key: 'exhausted' },
}

/** Enabled green, disabled grey, expired red, exhausted amber. */
export function TokenStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('tokens')
  const entry = variants[status]
  if (!entry) return <Badge variant="outline">{t('status.unknown')}</Badge>
  return (
    <Badge variant={entry.variant} data-testid="token-status" data-status={status}>
      {t(`status.${entry.key}`)}
    </Badge>
  )
}
