import type { ChannelRunProgress } from '@gateway/shared'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { channelsApi } from './api'
import { useInvalidateChannels } from './queries'

/** Starts the background test of every channel and follows its progress until it ends. */
export function useTestAll() {
  const { t } = useTranslation('channels')
  const invalidate = useInvalidateChannels()
  const [polling, setPolling] = useState(false)
  const start = useMutation({
    mutationFn: channelsApi.testAll,
    onSuccess: () => {
      toast.info(t('toasts.testAllStarted'))
      setPolling(true)
    },
  })
  const progress = useQuery({
    queryKey: ['channel-test-progress'],
    queryFn: async (): Promise<ChannelRunProgress> => {
      try {
        const data = await channelsApi.testProgress()
        if (!data.running) {
          setPolling(false)
          toast.success(t('toasts.testAllDone', { total: data.total, failed: data.failed }))
          void invalidate()
        }
        return data
      } catch (error) {
        // No progress to follow: the list shows the results when refreshed.
        setPolling(false)
        void invalidate()
        throw error
      }
    },
    enabled: polling,
    refetchInterval: polling ? 1000 : false,
    gcTime: 0,
    meta: { silent: true },
  })
  const data = polling ? progress.data : undefined
  return { start: () => start.mutate(), running: start.isPending || polling, progress: data }
}
