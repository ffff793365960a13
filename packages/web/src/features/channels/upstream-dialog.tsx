import type { Channel } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { channelsApi } from './api'
import { formatTime } from './channel-cells'

/** GET /api/channel/test_upstream/:id: what the upstream would add or remove, and the groups seen. */
export function UpstreamDialog({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const { t } = useTranslation('channels')
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
        {items && items.length > 0 ? items.map((item) => <Badge key={item} variant={variant}>{item}</Badge>) : <span className="text-sm text-muted-foreground">{t('upstream.none')}</span>}
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
            {data.groups && data.groups.length > 0 && (
              <div className="grid gap-2">
                <h4 className="text-sm font-medium">{t('upstream.groups')}</h4>
                <table className="w-full text-xs">
                  <thead className="text-left text-muted-foreground">
                    <tr>
                      <th className="py-1">{t('columns.group')}</th>
                      <th>{t('upstream.firstSeen')}</th>
                      <th>{t('upstream.lastSeen')}</th>
                      <th>{t('upstream.clientTypes')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.groups.map((group) => (
                      <tr key={group.group} className="border-t">
                        <td className="py-1">{group.group}</td>
                        <td>{formatTime(group.first_seen ?? 0)}</td>
                        <td>{formatTime(group.last_seen ?? 0)}</td>
                        <td>{(group.client_types ?? []).join(', ')}</td>
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
