/** GET /api/user/:id and the rows of GET /api/user/ (mirrors the server's AdminUser). */
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
  /** non-null: the account was cancelled */
  DeletedAt: number | null
}

export type ManageAction = 'promote' | 'demote' | 'enable' | 'disable' | 'delete'
