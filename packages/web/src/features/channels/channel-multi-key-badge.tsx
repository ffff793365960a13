import { ChannelStatus, type Channel } from '@gateway/shared'
import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'

/** Enabled keys of a multi-key channel over all its keys (a key without a status entry is enabled). */
export function multiKeyCounts(channel: Pick<Channel, 'channel_info'>): { enabled: number; total: number } | null {
  const info = channel.channel_info
  if (!info?.is_multi_key) return null
  const disabled = Object.values(info.multi_key_status_list ?? {}).filter(
    (status) => status !== ChannelStatus.enabled
  ).length
  return { enabled: Math.max(0, info.multi_key_size - disabled), total: info.multi_key_size }
}

/**
 * Marks a multi-key channel in the list with its key count; a click opens its key manager when
 * the viewer may change channels.
 */
export function MultiKeyBadge({
  channel,
  onManage,
}: {
  channel: Pick<Channel, 'id' | 'channel_info'>
  onManage?: () => void
}) {
  const { t } = useTranslation('channels')
  const counts = multiKeyCounts(channel)
  if (!counts) return null
  const mode = t(`editor.multiKeyModes.${channel.channel_info.multi_key_mode === 'polling' ? 'polling' : 'random'}`)
  const title = t('multiKey.badgeTitle', { mode, ...counts })
  const badge = (
    <Badge
      variant={counts.enabled === 0 ? 'danger' : counts.enabled < counts.total ? 'warning' : 'info'}
      className="gap-1 font-normal"
      data-testid={`multi-key-badge-${channel.id}`}
    >
      <KeyRound className="size-3" />
      {t('multiKey.badge', counts)}
    </Badge>
  )
  if (!onManage) return <span title={title}>{badge}</span>
  return (
    <button
      type="button"
      title={title}
      aria-label={title}
      className="w-fit rounded-md focus-visible:outline-2"
      onClick={onManage}
    >
      {badge}
    </button>
  )
}
