import type { Page } from '@gateway/shared'
import { api } from '@/lib/api-client'
import type { MjSearch } from './mj-search'

/** A drawing task row as GET /api/mj/ and /api/mj/self answer it (times in milliseconds). */
export interface MjTask {
  id: number
  code: number
  user_id: number
  action: string
  mj_id: string
  prompt: string
  prompt_en: string
  description: string
  state: string
  submit_time: number
  start_time: number
  finish_time: number
  image_url: string
  status: string
  progress: string
  fail_reason: string
  /** 0 for normal users */
  channel_id: number
  quota: number
}

export interface MjQuery {
  /** 1-based page, as the reference pages it */
  p: number
  page_size: number
  channel_id?: number
  mj_id?: string
  start_timestamp: number
  end_timestamp?: number
}

/** The API query for a search; the channel is sent by admins only. */
export function toMjQuery(search: MjSearch, defaultStart: number, pageSize: number, admin: boolean): MjQuery {
  return {
    p: Math.max(1, search.p ?? 1),
    page_size: pageSize,
    channel_id: admin ? search.channel_id : undefined,
    mj_id: search.mj_id || undefined,
    start_timestamp: search.start ?? defaultStart,
    end_timestamp: search.end,
  }
}

/** Admins read every user's tasks (GET /api/mj/), others their own (GET /api/mj/self). */
export const fetchMjTasks = (query: MjQuery, admin: boolean) => api.get<Page<MjTask>>(admin ? '/api/mj/' : '/api/mj/self', { query: { ...query } })
