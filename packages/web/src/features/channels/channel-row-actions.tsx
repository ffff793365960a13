import { ChannelStatus, type Channel } from '@gateway/shared'
import {
  Copy,
  FlaskConical,
  KeyRound,
  ListChecks,
  Pencil,
  Power,
  PowerOff,
  Radar,
  RefreshCw,
  Tags,
  Trash2,
  Zap,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { RowActions } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu'
import { Spinner } from '@/components/ui/spinner'
import type { ChannelActions } from './use-channel-actions'

export interface RowHandlers {
  actions: ChannelActions
  /** false: an admin without the root's grant sees tests, balances and upstream checks only */
  canWrite: boolean
  onEdit: (channel: Channel) => void
  onCopy: (channel: Channel) => void
  onDelete: (channel: Channel) => void
  onPickTestModel: (channel: Channel) => void
  onDetectUpstream: (channel: Channel) => void
  onEditTag: (tag: string) => void
  /** opens the key manager of a multi-key channel */
  onManageKeys: (channel: Channel) => void
}

/** Test and edit inline; the rest in the trailing menu. Without canWrite, only what reads or tests. */
export function ChannelRowActions({ channel, handlers }: { channel: Channel; handlers: RowHandlers }) {
  const { t } = useTranslation('channels')
  const { actions, canWrite } = handlers
  const testing = actions.test.isPending && actions.test.variables?.channel.id === channel.id
  const enabled = channel.status === ChannelStatus.enabled
  return (
    <RowActions
      label={t('toolbar.more')}
      inline={
        <>
          <Button
            size="sm"
            variant="outline"
            className="h-7 px-2"
            disabled={testing}
            data-testid={`channel-test-${channel.id}`}
            title={t('actions.test')}
            onClick={() => actions.test.mutate({ channel, model: channel.test_model || undefined })}
          >
            {testing ? <Spinner /> : <Zap />}
            <span className="max-2xl:sr-only">{t('actions.test')}</span>
          </Button>
          {canWrite && (
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={t('actions.edit')}
              title={t('actions.edit')}
              data-testid={`channel-edit-${channel.id}`}
              onClick={() => handlers.onEdit(channel)}
            >
              <Pencil />
            </Button>
          )}
        </>
      }
    >
      <DropdownMenuItem onSelect={() => handlers.onPickTestModel(channel)}>
        <FlaskConical />
        {t('actions.chooseModel')}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => actions.updateBalance.mutate(channel)}>
        <RefreshCw />
        {t('actions.refreshBalance')}
      </DropdownMenuItem>
      {canWrite && (
        <DropdownMenuItem
          data-testid={`channel-toggle-${channel.id}`}
          onSelect={() => void actions.setEnabled(channel, !enabled)}
        >
          {enabled ? <PowerOff /> : <Power />}
          {enabled ? t('actions.disable') : t('actions.enable')}
        </DropdownMenuItem>
      )}
      {canWrite && channel.channel_info?.is_multi_key && (
        <DropdownMenuItem data-testid={`channel-keys-${channel.id}`} onSelect={() => handlers.onManageKeys(channel)}>
          <KeyRound />
          {t('actions.manageKeys')}
        </DropdownMenuItem>
      )}
      {canWrite && (
        <DropdownMenuItem data-testid={`channel-copy-${channel.id}`} onSelect={() => handlers.onCopy(channel)}>
          <Copy />
          {t('actions.copy')}
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={() => handlers.onDetectUpstream(channel)}>
        <Radar />
        {t('actions.detectUpstream')}
      </DropdownMenuItem>
      {canWrite && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            data-testid={`channel-delete-${channel.id}`}
            onSelect={() => handlers.onDelete(channel)}
          >
            <Trash2 />
            {t('actions.delete')}
          </DropdownMenuItem>
        </>
      )}
    </RowActions>
  )
}

/** Enable all, disable all, edit tag: all of them changes, so nothing without canWrite. */
export function TagRowActions({ tag, handlers }: { tag: string; handlers: RowHandlers }) {
  const { t } = useTranslation('channels')
  const { setTagEnabled } = handlers.actions
  if (!handlers.canWrite) return null
  return (
    <RowActions
      label={t('toolbar.more')}
      inline={
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2"
          data-testid={`tag-edit-${tag}`}
          title={t('tag.edit')}
          onClick={() => handlers.onEditTag(tag)}
        >
          <Tags />
          <span className="max-2xl:sr-only">{t('tag.edit')}</span>
        </Button>
      }
    >
      <DropdownMenuItem data-testid={`tag-enable-${tag}`} onSelect={() => setTagEnabled.mutate({ tag, enabled: true })}>
        <ListChecks />
        {t('tag.enableAll')}
      </DropdownMenuItem>
      <DropdownMenuItem
        data-testid={`tag-disable-${tag}`}
        onSelect={() => setTagEnabled.mutate({ tag, enabled: false })}
      >
        <PowerOff />
        {t('tag.disableAll')}
      </DropdownMenuItem>
    </RowActions>
  )
}
