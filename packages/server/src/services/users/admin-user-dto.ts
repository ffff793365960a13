import type { AdminUser } from '@gateway/shared'
import { toUnixSeconds } from '../../db/queries/passkeys.ts'
import type { UserRow } from '../../db/queries/users.ts'
import { publicSetting } from './personal-setting.ts'

export type { AdminUser }

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
    discord_id: '',
    oidc_id: row.oidc_id,
    stripe_customer: '',
    setting: publicSetting(row.setting),
    remark: row.remark ?? '',
    created_at: Number(row.created_at ?? 0),
    last_login_at: Number(row.last_login_at ?? 0),
    password: '',
    // A datetime in the database (the reference's type); the console reads unix seconds.
    DeletedAt: row.deleted_at === null ? null : (toUnixSeconds(row.deleted_at) ?? 0),
  }
}
