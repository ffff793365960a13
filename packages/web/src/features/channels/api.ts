import type {
  AddChannelRequest,
  Channel,
  ChannelRunProgress,
  ChannelTestResult,
  EditTagInput,
  FixAbilitiesResult,
  ListChannelsQuery,
  MultiKeyManageInput,
  MultiKeyStatusPage,
  Page,
  SearchChannelsQuery,
  UpdateChannelRequest,
  UpstreamDetection,
} from '@gateway/shared'
import { api, requestEnvelope } from '@/lib/api-client'

/** Filters of the channel list; an empty filter lists every channel. */
export type ChannelListParams = ListChannelsQuery & Partial<Pick<SearchChannelsQuery, 'keyword' | 'group' | 'model'>>

const hasFilter = (params: ChannelListParams) => Boolean(params.keyword || params.group || params.model)

export const channelsApi = {
  list: (params: ChannelListParams) =>
    api.get<Page<Channel>>(hasFilter(params) ? '/api/channel/search' : '/api/channel/', { query: { ...params } }),
  get: (id: number) => api.get<Channel>(`/api/channel/${id}`),
  create: (body: AddChannelRequest) => api.post<Channel[]>('/api/channel/', body),
  update: (payload: UpdateChannelRequest) => api.put<Channel>('/api/channel/', payload),
  keyStatus: (body: Omit<MultiKeyManageInput, 'action' | 'key_index'>) =>
    api.post<MultiKeyStatusPage>('/api/channel/multi_key/manage', { ...body, action: 'get_key_status' }),
  /** A key manager action; answers the server's message (it says how many keys changed). */
  manageKeys: async (body: MultiKeyManageInput): Promise<string> =>
    (await requestEnvelope<unknown>('POST', '/api/channel/multi_key/manage', { body })).message,
  remove: (id: number) => api.delete<null>(`/api/channel/${id}`),
  removeDisabled: () => api.delete<number>('/api/channel/disabled'),
  removeMany: (ids: number[]) => api.post<number>('/api/channel/batch', { ids }),
  setTag: (ids: number[], tag: string) => api.post<number>('/api/channel/batch/tag', { ids, tag }),
  editTag: (edit: EditTagInput) => api.put<number>('/api/channel/tag', edit),
  setTagEnabled: (tag: string, enabled: boolean) =>
    api.post<number>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag }),
  fix: () => api.post<FixAbilitiesResult>('/api/channel/fix'),
  test: async (id: number, model?: string): Promise<Partial<ChannelTestResult>> => {
    // The reference answers time and message beside `data`; accept either place.
    const envelope = await requestEnvelope<Partial<ChannelTestResult> | null>('GET', `/api/channel/test/${id}`, {
      query: { model: model || undefined },
    })
    const top = envelope as unknown as Partial<ChannelTestResult>
    return { success: true, message: envelope.data?.message ?? top.message, time: envelope.data?.time ?? top.time }
  },
  testAll: () => api.get<unknown>('/api/channel/test'),
  testProgress: () => api.get<ChannelRunProgress>('/api/channel/test/progress'),
  updateBalance: (id: number) => api.get<number>(`/api/channel/update_balance/${id}`),
  updateAllBalances: () => api.get<unknown>('/api/channel/update_balance'),
  fetchModelsById: (id: number) => api.get<string[]>(`/api/channel/fetch_models/${id}`),
  fetchModels: (body: { base_url: string; type: number; key: string }) =>
    api.post<string[]>('/api/channel/fetch_models', body),
  detectUpstream: (id: number) => api.get<UpstreamDetection>(`/api/channel/test_upstream/${id}`),
  /** Every model the gateway knows (the editor's picker). */
  allModels: () => api.get<{ id: string }[]>('/api/channel/models'),
  /** Model names per channel type id. */
  modelsByType: () => api.get<Record<string, string[]>>('/api/models'),
  enabledModels: () => api.get<string[]>('/api/channel/models_enabled'),
  groups: () => api.get<string[]>('/api/group/'),
}
