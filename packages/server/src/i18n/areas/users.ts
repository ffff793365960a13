import { MAX_QUOTA } from '@gateway/shared'

/** Messages of the users area; merged into the one dictionary in ../messages.ts. */
export const usersMessages = {
  'users.default_token_name': { zh: '{username}的初始令牌', en: "{username}'s initial token" },
  'users.cannot_read_higher': {
    zh: '无权获取同级或更高等级用户的信息',
    en: 'You cannot view a user of the same or a higher role',
  },
  'users.cannot_update_higher': {
    zh: '无权更新同权限等级或更高权限等级的用户信息',
    en: 'You cannot change a user of the same or a higher role',
  },
  'users.cannot_delete_higher': {
    zh: '无权删除同权限等级或更高权限等级的用户',
    en: 'You cannot delete a user of the same or a higher role',
  },
  'users.cannot_create_higher': {
    zh: '无法创建权限大于等于自己的用户',
    en: 'You cannot create a user whose role is equal to or above yours',
  },
  'users.cannot_disable_root': { zh: '无法禁用超级管理员用户', en: 'The super admin cannot be disabled' },
  'users.cannot_delete_root': { zh: '无法删除超级管理员用户', en: 'The super admin cannot be deleted' },
  'users.cannot_demote_root': { zh: '无法降级超级管理员用户', en: 'The super admin cannot be demoted' },
  'users.admin_cannot_promote': {
    zh: '普通管理员用户无法提升其他用户为管理员',
    en: 'A regular admin cannot promote users to admin',
  },
  'users.already_admin': { zh: '该用户已经是管理员', en: 'This user is already an admin' },
  'users.already_common': { zh: '该用户已经是普通用户', en: 'This user is already a normal user' },
  'users.cannot_enable_special': { zh: '该用户的状态无法启用', en: "This user's status cannot be enabled" },
  'users.cancelled': { zh: '该用户已注销，无法操作', en: 'This account was cancelled; nothing can be changed' },
  'users.invalid_action': { zh: '无效的操作', en: 'Unknown action' },
  'users.quota_invalid': { zh: '额度必须是不小于 0 的整数', en: 'Quota must be a whole number of at least 0' },
  // A schema message carries no parameters, so the figure is written in.
  'users.quota_too_large': {
    zh: `额度不能超过 ${MAX_QUOTA.toLocaleString('en-US')}`,
    en: `Quota cannot exceed ${MAX_QUOTA.toLocaleString('en-US')}`,
  },
  'users.quota_changed': {
    zh: '用户额度刚刚发生了变化，请刷新后重试',
    en: "The user's quota changed meanwhile; reload and retry",
  },
  'users.group_invalid': { zh: '分组名称不能为空且不超过 64 个字符', en: 'The group must be 1 to 64 characters' },
  'users.role_invalid': { zh: '无效的角色', en: 'Invalid role' },
  'users.log_quota_changed': {
    zh: '管理员将用户额度从 {from}修改为 {to}',
    en: 'An administrator changed the quota from {from} to {to}',
  },
} as const satisfies Record<string, { zh: string; en: string }>
