import { useMutation } from '@tanstack/react-query'
import { MoreHorizontal, Plus, RefreshCw, Tags, Trash2, Wrench, Zap } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { Spinner } from '@/components/ui/spinner'
import { channelsApi } from './api'
import { BatchTagDialog } from './channel-batch-tag-dialog'
import { useInvalidateChannels } from './queries'
import { useTestAll } from './use-test-all'

interface ChannelsToolbarProps {
  /** false: no add, delete, fix or batch actions (an admin without the root's grant) */
  canWrite: boolean
  batchMode: boolean
  selectedIds: number[]
  onAdd: () => void
  /** the column settings button (shared by every list page) */
  columnsButton: ReactNode
  onBatchDone: () => void
}

type Confirm = 'deleteDisabled' | 'batchDelete' | 'fix' | null

/** Add, test all, balances, delete disabled, fix, and (batch mode) delete or tag the selection. */
export function ChannelsToolbar({
  canWrite,
  batchMode,
  selectedIds,
  onAdd,
  columnsButton,
  onBatchDone,
}: ChannelsToolbarProps) {
  const { t } = useTranslation('channels')
  const invalidate = useInvalidateChannels()
  const testAll = useTestAll()
  const [confirm, setConfirm] = useState<Confirm>(null)
  const [tagOpen, setTagOpen] = useState(false)
  const closeWith = (message: string) => {
    toast.success(message)
    setConfirm(null)
    void invalidate()
  }

  const balances = useMutation({
    mutationFn: channelsApi.updateAllBalances,
    onSuccess: () => closeWith(t('toasts.balancesUpdated')),
  })
  const deleteDisabled = useMutation({
    mutationFn: channelsApi.removeDisabled,
    onSuccess: (count) => closeWith(t('toasts.deletedDisabled', { count })),
  })
  const batchDelete = useMutation({
    mutationFn: () => channelsApi.removeMany(selectedIds),
    onSuccess: (count) => {
      closeWith(t('toasts.batchDeleted', { count }))
      onBatchDone()
    },
  })
  const fix = useMutation({
    mutationFn: channelsApi.fix,
    onSuccess: (result) => closeWith(t('toasts.fixed', { count: result.success })),
  })

  const onBatchDelete = () =>
    selectedIds.length === 0 ? toast.error(t('messages.selectToDelete')) : setConfirm('batchDelete')
  const onBatchTag = () => (selectedIds.length === 0 ? toast.error(t('messages.selectToTag')) : setTagOpen(true))

  const dialogs = {
    deleteDisabled: {
      title: t('confirm.deleteDisabledTitle'),
      body: t('confirm.deleteDisabledBody'),
      mutation: deleteDisabled,
    },
    batchDelete: {
      title: t('confirm.batchDeleteTitle', { count: selectedIds.length }),
      body: t('confirm.batchDeleteBody'),
      mutation: batchDelete,
    },
    fix: { title: t('confirm.fixTitle'), body: t('confirm.fixBody'), mutation: fix },
  }
  const dialog = confirm ? dialogs[confirm] : null

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="channels-toolbar">
      {canWrite && (
        <Button size="sm" onClick={onAdd} data-testid="channel-add">
          <Plus />
          {t('toolbar.add')}
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={testAll.start}
        disabled={testAll.running}
        data-testid="channel-test-all"
      >
        {testAll.running ? <Spinner /> : <Zap />}
        {testAll.progress?.running
          ? t('toolbar.testing', { done: testAll.progress.done, total: testAll.progress.total })
          : t('toolbar.testAll')}
      </Button>
      <div className="hidden items-center gap-2 sm:flex">
        <Button size="sm" variant="outline" onClick={() => balances.mutate()} disabled={balances.isPending}>
          {balances.isPending ? <Spinner /> : <RefreshCw />}
          {t('toolbar.refreshBalances')}
        </Button>
        {canWrite && (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setConfirm('deleteDisabled')}
              data-testid="channel-delete-disabled"
            >
              <Trash2 />
              {t('toolbar.deleteDisabled')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirm('fix')} data-testid="channel-fix">
              <Wrench />
              {t('toolbar.fix')}
            </Button>
          </>
        )}
      </div>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline" className="sm:hidden">
            <MoreHorizontal />
            {t('toolbar.more')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => balances.mutate()}>
            <RefreshCw />
            {t('toolbar.refreshBalances')}
          </DropdownMenuItem>
          {canWrite && (
            <>
              <DropdownMenuItem onSelect={() => setConfirm('deleteDisabled')}>
                <Trash2 />
                {t('toolbar.deleteDisabled')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setConfirm('fix')}>
                <Wrench />
                {t('toolbar.fix')}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {canWrite && batchMode && (
        <>
          <Button
            size="sm"
            variant="outline"
            className="text-destructive"
            onClick={onBatchDelete}
            data-testid="channel-batch-delete"
          >
            <Trash2 />
            {t('toolbar.batchDelete')}
            {selectedIds.length > 0 && ` (${selectedIds.length})`}
          </Button>
          <Button size="sm" variant="outline" onClick={onBatchTag} data-testid="channel-batch-tag">
            <Tags />
            {t('toolbar.batchTag')}
          </Button>
        </>
      )}
      {columnsButton}
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ''}
        description={dialog?.body}
        destructive={confirm !== 'fix'}
        pending={dialog?.mutation.isPending}
        onConfirm={() => dialog?.mutation.mutate()}
        onOpenChange={(open) => !open && setConfirm(null)}
      />
      <BatchTagDialog ids={selectedIds} open={tagOpen} onOpenChange={setTagOpen} onDone={onBatchDone} />
    </div>
  )
}
