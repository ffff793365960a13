import type { UserRow } from '../../db/queries/users.ts'

/** A user as the management page sees it: no password hash, no access-token hash, no settings. */
export interface AdminUser {
  id: number
  username: string
  display_name: string
  role: number
  status: number
  group: string
  email: string
  quota: number
  used_quota: number
  request_count: number
  aff_code: string
  aff_count: number
  aff_quota: number
  aff_history_quota: number
  inviter_id: number
  github_id: string
  wechat_id: string
  telegram_id: string
  linux_do_id: string
  password: ''
  /** unix seconds of cancellation; null for a live account (the reference's gorm DeletedAt) */
  DeletedAt: number | null
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    group: row.group,
    email: row.email,
    quota: Number(row.quota),
    used_quota: Number(row.used_quota),
    request_count: Number(row.request_count),
    aff_code: row.aff_code ?? '',
    aff_count: Number(row.aff_count),
    aff_quota: Number(row.aff_quota),
    aff_history_quota: Number(row.aff_history),
    inviter_id: Number(row.inviter_id),
    github_id: row.github_id,
    wechat_id: row.wechat_id,
    telegram_id: row.telegram_id,
    linux_do_id: row.linux_do_id,
    password: '',
    DeletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
  }
}
