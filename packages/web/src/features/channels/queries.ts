import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { isApiError } from '@/lib/api-client'
import { channelsApi, type ChannelListParams } from './api'

export const channelKeys = {
  all: ['channels'] as const,
  list: (params: ChannelListParams) => ['channels', 'list', params] as const,
  detail: (id: number) => ['channels', 'detail', id] as const,
}

export const channelListQuery = (params: ChannelListParams) =>
  queryOptions({
    queryKey: channelKeys.list(params),
    queryFn: () => channelsApi.list(params),
    placeholderData: keepPreviousData,
  })

export const channelQuery = (id: number) =>
  queryOptions({ queryKey: channelKeys.detail(id), queryFn: () => channelsApi.get(id), staleTime: 0, gcTime: 0 })

export function useGroups() {
  return useQuery({ queryKey: ['groups'], queryFn: channelsApi.groups, staleTime: 60_000 })
}

/** Built-in model ids for the picker; failures leave the picker with the channel's own models. */
export function useAllModels() {
  return useQuery({
    queryKey: ['channel-models'],
    queryFn: async () => (await channelsApi.allModels()).map((model) => model.id),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  })
}

export function useModelsByType() {
  return useQuery({
    queryKey: ['models-by-type'],
    queryFn: channelsApi.modelsByType,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  })
}

/** Refetches every channel list (after any change). */
export function useInvalidateChannels() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: channelKeys.all }), [client])
}

/** Models with an enabled ability (the model filter's suggestions). */
export function useEnabledModels() {
  const { t } = useTranslation('channels')
  return useQuery({
    queryKey: ['channel-models-enabled'],
    queryFn: async () => {
      try {
        return await channelsApi.enabledModels()
      } catch (error) {
        toast.error(isApiError(error) && error.message ? error.message : t('messages.enabledModelsFailed'))
        throw error
      }
    },
    staleTime: 60_000,
    meta: { silent: true },
  })
}
