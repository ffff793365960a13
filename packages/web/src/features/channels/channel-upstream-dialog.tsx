import type { Channel } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { formatLocalDateTime } from '@/lib/date-time'
import { channelsApi } from './api'

/**
 * When a group last (or first) carried a consume log through the channel: Unix seconds from the
 * server, 0 when it never did. The dialog used to print nothing for 0, which read as a broken column.
 */
export function seenAt(seconds: number, language: string): string {
  return seconds > 0 ? formatLocalDateTime(seconds, language) : '—'
}

/** GET /api/channel/test_upstream/:id: what the upstream would add or remove, and the groups seen. */
export function UpstreamDialog({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('channels')
  const detection = useQuery({
    queryKey: ['channel-upstream', channel?.id],
    queryFn: () => channelsApi.detectUpstream(channel?.id ?? 0),
    enabled: channel !== null,
    gcTime: 0,
    meta: { silent: true },
  })
  const list = (title: string, items: string[] | undefined, variant: 'success' | 'danger') => (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium">{title}</h4>
      <div className="flex flex-wrap gap-1.5">
        {items && items.length > 0 ? (
          items.map((item) => (
            <Badge key={item} variant={variant}>
              {item}
            </Badge>
          ))
        ) : (
          <span className="text-sm text-muted-foreground">{t('upstream.none')}</span>
        )}
      </div>
    </div>
  )
  const data = detection.data
  return (
    <Dialog open={channel !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="upstream-dialog" className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('upstream.title', { name: channel?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('upstream.description')}</DialogDescription>
        </DialogHeader>
        {detection.isPending && (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        )}
        {detection.isError && (
          <p role="alert" className="text-sm text-destructive">
            {detection.error.message}
          </p>
        )}
        {data && (
          <div className="grid max-h-[60vh] gap-4 overflow-y-auto">
            {list(t('upstream.toAdd'), data.to_add, 'success')}
            {list(t('upstream.toRemove'), data.to_remove, 'danger')}
            {data.groups.length > 0 && (
              <div className="grid gap-2">
                <h4 className="text-sm font-medium">{t('upstream.groups')}</h4>
                <table className="w-full text-xs">
                  <thead className="text-left text-muted-foreground">
                    <tr>
                      <th className="py-1 pr-2">{t('columns.group')}</th>
                      <th className="pr-2">{t('upstream.firstSeen')}</th>
                      <th className="pr-2">{t('upstream.lastSeen')}</th>
                      <th>{t('upstream.clientTypes')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.groups.map((group) => (
                      <tr
                        key={group.group}
                        className="border-t align-top"
                        data-testid={`upstream-group-${group.group}`}
                      >
                        <td className="py-1 pr-2">{group.group}</td>
                        <td className="pr-2 tabular-nums" data-testid="first-seen">
                          {seenAt(group.first_seen, i18n.language)}
                        </td>
                        <td className="pr-2 tabular-nums" data-testid="last-seen">
                          {seenAt(group.last_seen, i18n.language)}
                        </td>
                        <td className="[overflow-wrap:anywhere]">
                          {group.client_types.length > 0 ? group.client_types.join(', ') : '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
