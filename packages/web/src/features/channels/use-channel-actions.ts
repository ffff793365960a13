import { ChannelStatus, formatUsd, type Channel } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { channelsApi } from './api'
import { useInvalidateChannels } from './queries'

/** The per-row and per-tag calls; failures are toasted by the query client with the server's message. */
export function useChannelActions() {
  const { t } = useTranslation('channels')
  const invalidate = useInvalidateChannels()
  const done = () => void invalidate()

  const test = useMutation({
    mutationFn: ({ channel, model }: { channel: Channel; model?: string }) => channelsApi.test(channel.id, model),
    onSuccess: (result, { channel }) => {
      toast.success(t('toasts.testOk', { name: channel.name, time: (result.time ?? 0).toFixed(2) }))
    },
    onSettled: done,
  })

  const updateBalance = useMutation({
    mutationFn: (channel: Channel) => channelsApi.updateBalance(channel.id),
    onSuccess: (balance, channel) =>
      toast.success(t('toasts.balanceUpdated', { name: channel.name, balance: formatUsd(Number(balance ?? 0)) })),
    onSettled: done,
  })

  const update = useMutation({
    mutationFn: channelsApi.update,
    onSuccess: done,
  })

  const setEnabled = (channel: Channel, enabled: boolean) =>
    update
      .mutateAsync({ id: channel.id, status: enabled ? ChannelStatus.enabled : ChannelStatus.manuallyDisabled })
      .then(() => toast.success(t('toasts.saved')))

  const remove = useMutation({
    mutationFn: (channel: Channel) => channelsApi.remove(channel.id),
    onSuccess: () => {
      toast.success(t('toasts.deleted'))
      done()
    },
  })

  const setTagEnabled = useMutation({
    mutationFn: ({ tag, enabled }: { tag: string; enabled: boolean }) => channelsApi.setTagEnabled(tag, enabled),
    onSuccess: () => {
      toast.success(t('toasts.saved'))
      done()
    },
  })

  const editTag = useMutation({ mutationFn: channelsApi.editTag, onSuccess: done })

  return { test, updateBalance, update, setEnabled, remove, setTagEnabled, editTag }
}

export type ChannelActions = ReturnType<typeof useChannelActions>
