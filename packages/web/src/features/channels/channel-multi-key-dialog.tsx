import { ChannelStatus, type Channel, type KeyStatus, type MultiKeyManageInput } from '@gateway/shared'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Power, PowerOff, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { channelsApi } from './api'
import { formatTime } from './channel-cells'
import { useInvalidateChannels } from './queries'

const PAGE_SIZE = 10

/** A question asked before an action that removes keys or turns them all off. */
type Pending =
  | { action: 'delete_key'; index: number }
  | { action: 'delete_disabled_keys'; count: number }
  | { action: 'disable_all_keys' }

function KeyStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('channels')
  if (status === ChannelStatus.enabled) return <Badge variant="success">{t('multiKey.enabled')}</Badge>
  if (status === ChannelStatus.autoDisabled) return <Badge variant="danger">{t('multiKey.autoDisabled')}</Badge>
  return <Badge variant="muted">{t('multiKey.manualDisabled')}</Badge>
}

/**
 * The key manager of a multi-key channel (POST /api/channel/multi_key/manage): the keys masked,
 * with their status, why and when they were disabled; enable or disable one or all, delete one
 * or every auto-disabled one. Counts cover every key whatever the filter.
 */
export function MultiKeyDialog({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  const { t } = useTranslation('channels')
  const invalidate = useInvalidateChannels()
  const [page, setPage] = useState(1)
  const [filter, setFilter] = useState<number | undefined>(undefined)
  const [pending, setPending] = useState<Pending | null>(null)
  const channelId = channel?.id ?? 0
  const keys = useQuery({
    queryKey: ['channel-keys', channelId, page, filter],
    queryFn: () => channelsApi.keyStatus({ channel_id: channelId, page, page_size: PAGE_SIZE, status: filter }),
    enabled: channel !== null,
    gcTime: 0,
  })
  const act = useMutation({
    mutationFn: (body: Omit<MultiKeyManageInput, 'channel_id'>) =>
      channelsApi.manageKeys({ channel_id: channelId, ...body }),
    onSuccess: async (message) => {
      toast.success(message || t('messages.keyActionDone'))
      setPending(null)
      await Promise.all([keys.refetch(), invalidate()])
    },
  })
  const data = keys.data
  const close = () => {
    setPage(1)
    setFilter(undefined)
    onClose()
  }

  const confirmText = (): { title: string; description: string } => {
    if (pending?.action === 'delete_key')
      return {
        title: t('multiKey.confirmDeleteTitle', { index: pending.index + 1 }),
        description: t('multiKey.confirmDeleteBody'),
      }
    if (pending?.action === 'delete_disabled_keys')
      return {
        title: t('multiKey.confirmDeleteAutoTitle'),
        description: t('multiKey.confirmDeleteAutoBody', { count: pending.count }),
      }
    return { title: t('multiKey.confirmDisableAllTitle'), description: t('multiKey.confirmDisableAllBody') }
  }
  const keyActions = (key: KeyStatus) => (
    <div className="flex justify-end gap-1">
      {key.status === ChannelStatus.enabled ? (
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2"
          data-testid={`key-disable-${key.index}`}
          disabled={act.isPending}
          onClick={() => act.mutate({ action: 'disable_key', key_index: key.index })}
        >
          {t('multiKey.disable')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2"
          data-testid={`key-enable-${key.index}`}
          disabled={act.isPending}
          onClick={() => act.mutate({ action: 'enable_key', key_index: key.index })}
        >
          {t('multiKey.enable')}
        </Button>
      )}
      <Button
        size="icon-sm"
        variant="ghost"
        aria-label={t('multiKey.delete')}
        title={t('multiKey.delete')}
        data-testid={`key-delete-${key.index}`}
        onClick={() => setPending({ action: 'delete_key', index: key.index })}
      >
        <Trash2 />
      </Button>
    </div>
  )

  return (
    <>
      <Dialog open={channel !== null && pending === null} onOpenChange={(open) => !open && pending === null && close()}>
        <DialogContent data-testid="multi-key-dialog" className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('multiKey.title', { name: channel?.name ?? '' })}</DialogTitle>
            <DialogDescription>{t('multiKey.description')}</DialogDescription>
          </DialogHeader>
          {data && (
            <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="multi-key-counts">
              <Badge variant="success">
                {t('multiKey.enabled')} {data.enabled_count}
              </Badge>
              <Badge variant="muted">
                {t('multiKey.manualDisabled')} {data.manual_disabled_count}
              </Badge>
              <Badge variant="danger">
                {t('multiKey.autoDisabled')} {data.auto_disabled_count}
              </Badge>
            </div>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <NativeSelect
              aria-label={t('multiKey.status')}
              data-testid="multi-key-filter"
              className="h-8 w-40"
              value={filter ?? ''}
              onChange={(event) => {
                setFilter(event.target.value === '' ? undefined : Number(event.target.value))
                setPage(1)
              }}
            >
              <option value="">{t('multiKey.filterAll')}</option>
              <option value={ChannelStatus.enabled}>{t('multiKey.enabled')}</option>
              <option value={ChannelStatus.manuallyDisabled}>{t('multiKey.manualDisabled')}</option>
              <option value={ChannelStatus.autoDisabled}>{t('multiKey.autoDisabled')}</option>
            </NativeSelect>
            <div className="flex flex-wrap gap-2">
              {data && data.manual_disabled_count + data.auto_disabled_count > 0 && (
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="keys-enable-all"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ action: 'enable_all_keys' })}
                >
                  <Power /> {t('multiKey.enableAll')}
                </Button>
              )}
              {data && data.enabled_count > 0 && (
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="keys-disable-all"
                  onClick={() => setPending({ action: 'disable_all_keys' })}
                >
                  <PowerOff /> {t('multiKey.disableAll')}
                </Button>
              )}
              {data && data.auto_disabled_count > 0 && (
                <Button
                  size="sm"
                  variant="destructive"
                  data-testid="keys-delete-auto"
                  onClick={() => setPending({ action: 'delete_disabled_keys', count: data.auto_disabled_count })}
                >
                  <Trash2 /> {t('multiKey.deleteAuto')}
                </Button>
              )}
            </div>
          </div>
          {keys.isPending && (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          )}
          {keys.isError && (
            <p role="alert" className="text-sm text-destructive">
              {keys.error.message}
            </p>
          )}
          {data && (
            <div className="max-h-[50vh] overflow-auto rounded-md border">
              {/* A fixed least width: on a phone the table scrolls sideways instead of squeezing its headers. */}
              <table className="w-full min-w-[36rem] text-sm" data-testid="multi-key-table">
                <thead className="sticky top-0 whitespace-nowrap bg-muted/60 text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="px-2 py-1.5">{t('multiKey.index')}</th>
                    <th className="px-2">{t('multiKey.key')}</th>
                    <th className="px-2">{t('multiKey.status')}</th>
                    <th className="px-2">{t('multiKey.reason')}</th>
                    <th className="px-2">{t('multiKey.disabledAt')}</th>
                    <th className="px-2" />
                  </tr>
                </thead>
                <tbody>
                  {data.keys.length === 0 && (
                    <tr>
                      <td colSpan={6} className="py-6 text-center text-muted-foreground">
                        {t('multiKey.empty')}
                      </td>
                    </tr>
                  )}
                  {data.keys.map((key) => (
                    <tr key={key.index} className="border-t" data-testid={`key-row-${key.index}`}>
                      <td className="px-2 py-1.5 tabular-nums">{key.index + 1}</td>
                      <td className="px-2 font-mono text-xs">{key.key_preview}</td>
                      <td className="px-2">
                        <KeyStatusBadge status={key.status} />
                      </td>
                      <td className="max-w-56 truncate px-2 text-xs" title={key.reason}>
                        {key.reason || '-'}
                      </td>
                      <td className="px-2 text-xs text-muted-foreground">
                        {key.disabled_time ? formatTime(key.disabled_time) : '-'}
                      </td>
                      <td className="px-2">{keyActions(key)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data && data.total_pages > 1 && (
            <div className="flex items-center justify-between text-sm">
              <span className="text-muted-foreground">
                {t('multiKey.page', { page: data.page, pages: data.total_pages })}
              </span>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
                  {t('multiKey.previous')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="multi-key-next"
                  disabled={data.page >= data.total_pages}
                  onClick={() => setPage(data.page + 1)}
                >
                  {t('multiKey.next')}
                </Button>
              </div>
            </div>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        {...confirmText()}
        destructive
        pending={act.isPending}
        onConfirm={() =>
          pending &&
          act.mutate(
            pending.action === 'delete_key'
              ? { action: 'delete_key', key_index: pending.index }
              : { action: pending.action }
          )
        }
        onOpenChange={(open) => !open && setPending(null)}
      />
    </>
  )
}
