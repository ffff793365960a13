import type { Id, UnixSeconds, WithDefault } from './common.ts'

/** midjourneys: drawing tasks relayed to Midjourney proxies. */
export interface MidjourneysTable {
  id: Id
  code: WithDefault<number>
  user_id: number
  action: WithDefault<string>
  mj_id: WithDefault<string>
  prompt: WithDefault<string>
  prompt_en: WithDefault<string>
  description: WithDefault<string>
  state: WithDefault<string>
  submit_time: WithDefault<number>
  start_time: WithDefault<number>
  finish_time: WithDefault<number>
  image_url: WithDefault<string>
  status: WithDefault<string>
  progress: WithDefault<string>
  fail_reason: WithDefault<string>
  channel_id: WithDefault<number>
  quota: WithDefault<number>
  buttons: WithDefault<string>
  properties: WithDefault<string>
  /** the token that submitted it (the reference's column; 0 when unknown) */
  token_id: WithDefault<number>
  /** the reference's video results (its video actions); kept, not produced here */
  video_url: WithDefault<string>
  video_urls: WithDefault<string>
}

/** tasks: asynchronous tasks such as Suno music. */
export interface TasksTable {
  id: Id
  created_at: UnixSeconds
  updated_at: UnixSeconds
  task_id: WithDefault<string>
  platform: WithDefault<string>
  user_id: number
  channel_id: WithDefault<number>
  quota: WithDefault<number>
  action: WithDefault<string>
  status: WithDefault<string>
  fail_reason: WithDefault<string>
  submit_time: WithDefault<number>
  start_time: WithDefault<number>
  finish_time: WithDefault<number>
  progress: WithDefault<string>
  properties: WithDefault<string>
  data: WithDefault<string>
}
