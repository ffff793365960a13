import { ChannelStatus, formatUsd, splitCommaList, type Channel } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { useFormatQuota } from '@/lib/quota-display'
import { cn } from '@/lib/utils'
import { formatSeconds, responseTimeClasses, responseTimeLevel } from './channel-response-time'

interface OtherInfo {
  status_reason?: string
  status_time?: number
}

function parseOtherInfo(text: string): OtherInfo {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return value && typeof value === 'object' ? (value as OtherInfo) : {}
  } catch {
    return {}
  }
}

/** Seconds or milliseconds since the epoch, in the user's locale. */
export function formatTime(value: number): string {
  if (!value) return ''
  return new Date(value < 1e12 ? value * 1000 : value).toLocaleString()
}

/** Enabled green, manually disabled grey, auto-disabled red with the reason and time in a tooltip. */
export function ChannelStatusBadge({ channel }: { channel: Pick<Channel, 'status' | 'other_info'> }) {
  const { t } = useTranslation('channels')
  if (channel.status === ChannelStatus.enabled) return <Badge variant="success">{t('status.enabled')}</Badge>
  if (channel.status === ChannelStatus.manuallyDisabled) return <Badge variant="muted">{t('status.disabled')}</Badge>
  if (channel.status !== ChannelStatus.autoDisabled) return <Badge variant="outline">{t('status.unknown')}</Badge>
  const info = parseOtherInfo(channel.other_info)
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant="danger" tabIndex={0} data-testid="status-auto-disabled" className="cursor-help">
          {t('status.autoDisabled')}
        </Badge>
      </TooltipTrigger>
      <TooltipContent className="max-w-80 whitespace-normal">
        <p>{info.status_reason ? t('status.reason', { reason: info.status_reason }) : t('status.noReason')}</p>
        {info.status_time ? <p>{t('status.time', { time: formatTime(info.status_time) })}</p> : null}
      </TooltipContent>
    </Tooltip>
  )
}

/** Spec §4 colours; the last test time in a tooltip. */
export function ResponseTimeBadge({ channel }: { channel: Pick<Channel, 'response_time' | 'test_time'> }) {
  const { t } = useTranslation('channels')
  const level = responseTimeLevel(channel.response_time)
  const badge = (
    <span
      data-testid="response-time"
      data-level={level}
      className={cn(
        'inline-flex items-center rounded-md border px-2 py-0.5 text-xs font-medium tabular-nums',
        responseTimeClasses[level]
      )}
    >
      {level === 'untested' ? t('responseTime.untested') : formatSeconds(channel.response_time)}
    </span>
  )
  if (!channel.test_time) return badge
  return (
    <Tooltip>
      <TooltipTrigger asChild>{badge}</TooltipTrigger>
      <TooltipContent>{t('responseTime.testedAt', { time: formatTime(channel.test_time) })}</TooltipContent>
    </Tooltip>
  )
}

/** A comma list as a few chips, the rest counted, everything in the tooltip. */
export function ListCell({ value, max = 2, testId }: { value: string; max?: number; testId?: string }) {
  const items = splitCommaList(value)
  if (items.length === 0) return <span className="text-muted-foreground">-</span>
  const shown = items.slice(0, max)
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="flex max-w-60 items-center gap-1 overflow-hidden" data-testid={testId} tabIndex={0}>
          {shown.map((item) => (
            <Badge key={item} variant="outline" className="max-w-28 truncate font-normal">
              <span className="truncate">{item}</span>
            </Badge>
          ))}
          {items.length > max && <Badge variant="muted">+{items.length - max}</Badge>}
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-96 whitespace-normal break-words">{items.join(', ')}</TooltipContent>
    </Tooltip>
  )
}

/** Used quota (display options) / the upstream balance; clicking refreshes the balance. */
export function BalanceCell({ used, balance, onRefresh }: { used: number; balance?: number; onRefresh?: () => void }) {
  const { t } = useTranslation('channels')
  const formatQuota = useFormatQuota()
  const usedText = formatQuota(used)
  const balanceText = balance === undefined ? null : formatUsd(balance)
  const label = [t('balance.used', { value: usedText }), balanceText && t('balance.remaining', { value: balanceText })]
    .filter(Boolean)
    .join(' · ')
  return (
    <button
      type="button"
      title={onRefresh ? `${label}\n${t('balance.clickToRefresh')}` : label}
      aria-label={label}
      disabled={!onRefresh}
      onClick={onRefresh}
      className="inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs tabular-nums enabled:hover:bg-accent disabled:cursor-default"
    >
      <span>{usedText}</span>
      {balanceText && (
        <>
          <span className="text-muted-foreground">/</span>
          <span className="text-info">{balanceText}</span>
        </>
      )}
    </button>
  )
}
