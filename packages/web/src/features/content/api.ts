import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// These pages fall back to built-in text when the call fails, so their errors stay silent.
const contentQuery = (path: string) =>
  queryOptions({
    queryKey: ['content', path],
    queryFn: async () => (await api.get<string | null>(path)) ?? '',
    meta: { silent: true },
    staleTime: 60_000,
  })

export const homeContentQuery = contentQuery('/api/home_page_content')
export const aboutQuery = contentQuery('/api/about')
export const noticeQuery = contentQuery('/api/notice')
