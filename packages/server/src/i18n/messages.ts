import { MAX_QUOTA } from '@gateway/shared'
import { accountMessages } from './areas/account.ts'
import { channelKeysMessages } from './areas/channel-keys.ts'
import { dashboardMessages } from './areas/dashboard.ts'
import { midjourneyMessages } from './areas/midjourney.ts'
import { passkeysMessages } from './areas/passkeys.ts'
import { personalMessages } from './areas/personal.ts'
import { sessionsMessages } from './areas/sessions.ts'
import { settingsMessages } from './areas/settings.ts'
import { sunoMessages } from './areas/suno.ts'
import { twoFactorMessages } from './areas/two-factor.ts'
import { usersMessages } from './areas/users.ts'
import { walletMessages } from './areas/wallet.ts'

/** MAX_QUOTA as schema messages show it: they carry no parameters, so the figure is written in. */
const maxQuotaText = MAX_QUOTA.toLocaleString('en-US')

/**
 * Every message the server sends to a person, in both languages. Clients get the language of their
 * Accept-Language header (zh when absent or unknown); log contents use DEFAULT_LANGUAGE.
 * Placeholders are written {name}.
 */
const coreMessages = {
  'common.database_unavailable': {
    zh: '数据库暂时不可用，请稍后重试',
    en: 'The database is unavailable right now; please retry shortly',
  },
  'common.shutting_down': { zh: '服务器正在关闭，请重试', en: 'The server is shutting down; retry the request' },
  'common.bad_request': { zh: '请求参数有误', en: 'Invalid request parameters' },
  'common.invalid_json': { zh: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  'common.field_invalid': { zh: '字段 {field} 不合法', en: 'Field {field} is invalid' },
  'common.not_found': { zh: '资源不存在', en: 'Not found' },
  'common.internal': { zh: '服务器内部错误，请联系管理员', en: 'Internal server error, contact the administrator' },
  'common.rate_limited': { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, try again later' },
  'common.payload_too_large': { zh: '请求体过大', en: 'Request body too large' },
  'common.unsupported_media_type': { zh: '请求体必须是 JSON', en: 'The request body must be JSON' },
  'common.success': { zh: '操作成功', en: 'Done' },

  'auth.not_logged_in': {
    zh: '未登录或登录已过期，请重新登录',
    en: 'Not logged in or session expired. Please login again!',
  },
  'auth.user_header_missing': {
    zh: '无权进行此操作，未提供 New-Api-User',
    en: 'Unauthorized: the New-Api-User header is missing',
  },
  'auth.user_header_invalid': {
    zh: '无权进行此操作，New-Api-User 格式错误',
    en: 'Unauthorized: the New-Api-User header is malformed',
  },
  'auth.user_header_mismatch': {
    zh: '无权进行此操作，New-Api-User 与登录用户不匹配',
    en: 'Unauthorized: New-Api-User does not match the signed-in user',
  },
  'auth.access_token_invalid': { zh: '无权进行此操作，access token 无效', en: 'Unauthorized: invalid access token' },
  'auth.user_banned': { zh: '用户已被封禁', en: 'This user is banned' },
  'auth.forbidden': { zh: '无权进行此操作，权限不足', en: 'Insufficient permissions' },
  'auth.login_failed': {
    zh: '用户名或密码错误，或用户已被封禁',
    en: 'Wrong username or password, or the user is banned',
  },
  'auth.password_login_disabled': { zh: '管理员关闭了密码登录', en: 'Password login is disabled by the administrator' },
  'auth.too_many_attempts': {
    zh: '登录失败次数过多，请稍后再试',
    en: 'Too many failed sign-in attempts, try again later',
  },
  'auth.cross_site': { zh: '拒绝跨站请求', en: 'Cross-site request refused' },
  'auth.turnstile_required': { zh: 'Turnstile token 为空', en: 'The human check token is missing' },
  'auth.turnstile_failed': { zh: 'Turnstile 校验失败，请刷新重试', en: 'Human check failed, refresh and retry' },

  'user.login_required': { zh: '请输入用户名和密码', en: 'Please enter username and password' },
  'user.username_required': { zh: '用户名不能为空', en: 'Username is required' },
  'user.username_too_long': { zh: '用户名长度不能超过 12 个字符', en: 'Username must be at most 12 characters' },
  'user.password_too_short': { zh: '密码长度不得小于 8 位', en: 'Password length must not be under 8' },
  'user.password_too_long': { zh: '密码长度不得超过 20 位', en: 'Password must be at most 20 characters' },
  'user.password_mismatch': { zh: '两次输入的密码不一致', en: 'The two passwords differ' },
  'user.display_name_too_long': { zh: '显示名称不能超过 20 个字符', en: 'Display name must be at most 20 characters' },
  'user.original_password_wrong': { zh: '原密码错误', en: 'The current password is wrong' },
  'user.original_password_required': { zh: '请输入原密码', en: 'Enter your current password' },
  'user.username_taken': { zh: '用户名已存在，或已注销', en: 'The username is taken or was cancelled' },
  'user.cannot_delete_root': { zh: '不能删除超级管理员账户', en: 'The super admin account cannot be deleted' },
  'user.not_found': { zh: '用户不存在', en: 'User not found' },
  'user.own_group_desc': { zh: '用户分组', en: 'Your group' },

  'register.disabled': { zh: '管理员关闭了新用户注册', en: 'Registration is closed by the administrator' },
  'register.password_disabled': {
    zh: '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
    en: 'Password registration is closed; register with a third-party account',
  },
  'register.email_required': {
    zh: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
    en: 'Email verification is on: enter your email and the verification code',
  },
  'register.code_invalid': { zh: '验证码错误或已过期', en: 'Wrong or expired verification code' },
  'register.email_taken': { zh: '邮箱地址已被占用', en: 'This email address is already in use' },

  'setup.already_done': { zh: '系统已经初始化完成', en: 'The system has already been set up' },
  'setup.success': { zh: '系统初始化完成', en: 'Setup complete' },

  'option.unknown_key': { zh: '未知的配置项 {key}', en: 'Unknown option {key}' },
  'option.invalid_boolean': { zh: '{key} 只能是 true 或 false', en: '{key} must be true or false' },
  'option.invalid_number': { zh: '{key} 必须是不小于 {min} 的数字', en: '{key} must be a number not below {min}' },
  'option.invalid_integer': { zh: '{key} 必须是不小于 {min} 的整数', en: '{key} must be an integer not below {min}' },
  'option.invalid_json': { zh: '{key} 不是合法的 JSON 字符串', en: '{key} is not a valid JSON string' },
  'option.invalid_choice': { zh: '{key} 只能是 {choices}', en: '{key} must be one of {choices}' },
  'option.invalid_url': { zh: '{key} 必须是 http(s) 地址', en: '{key} must be an http(s) URL' },
  'option.negative_ratio': { zh: '{key} 中的倍率不能为负数', en: 'Ratios in {key} must not be negative' },
  'option.topup_group_ratio_json': {
    zh: '充值分组倍率不是合法的 JSON 字符串',
    en: 'Top-up group ratio is not valid JSON',
  },
  'option.pay_methods_json': {
    zh: '充值方式设置不是合法的 JSON 字符串',
    en: 'Top-up method setting is not valid JSON',
  },
  'option.github_client_id_required': {
    zh: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
    en: 'Fill in the GitHub Client ID and Secret before enabling GitHub OAuth',
  },
  'option.linuxdo_client_id_required': {
    zh: '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！',
    en: 'Fill in the LinuxDO Client ID and Secret before enabling LinuxDO OAuth',
  },
  'option.email_whitelist_required': {
    zh: '无法启用邮箱域名限制，请先填入限制的邮箱域名！',
    en: 'Fill in the allowed email domains before enabling the restriction',
  },
  'option.wechat_server_required': {
    zh: '无法启用微信登录，请先填入微信登录相关配置信息！',
    en: 'Fill in the WeChat server settings before enabling WeChat login',
  },
  'option.turnstile_key_required': {
    zh: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！',
    en: 'Fill in the Turnstile keys before enabling the human check',
  },
  'option.telegram_token_required': {
    zh: '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！',
    en: 'Fill in the Telegram bot token before enabling Telegram login',
  },
  'option.model_ratio_reset': { zh: '重置模型倍率成功', en: 'Model ratios reset' },
  'option.catalog_filled': {
    zh: '已从模型目录填入 {count} 个模型的价格',
    en: 'Filled the prices of {count} models from the model catalog',
  },

  'token.name_too_long': { zh: '令牌名称过长', en: 'The token name is too long (at most 30 characters)' },
  'token.quota_invalid': { zh: '令牌额度必须是不小于 0 的整数', en: 'The token quota must be an integer not below 0' },
  'token.quota_too_large': {
    zh: `令牌额度不能超过 ${maxQuotaText}`,
    en: `The token quota cannot exceed ${maxQuotaText}`,
  },
  'token.expired_time_invalid': { zh: '过期时间格式错误！', en: 'Invalid expiry time!' },
  'token.allow_ip_invalid': {
    zh: 'IP 白名单中的 {ip} 不是合法的 IP 地址或 CIDR 网段',
    en: '{ip} in the IP allow-list is not a valid IP address or CIDR range',
  },
  'token.group_unusable': { zh: '无权使用分组 {group}', en: 'The group {group} is not available to you' },
  'token.not_found': { zh: '令牌不存在', en: 'Token not found' },
  'log.timestamp_required': { zh: '请选择日志记录时间', en: 'Please choose the log record time' },
  'token.status_invalid': { zh: '令牌只能被启用或禁用', en: 'A token can only be enabled or disabled' },
  'token.expired_cannot_enable': {
    zh: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    en: 'The token has expired and cannot be enabled; change its expiry time first, or set it to never expire',
  },
  'token.exhausted_cannot_enable': {
    zh: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    en: 'The token quota is used up and it cannot be enabled; raise its remaining quota first, or make it unlimited',
  },
  'token.select_at_least_one': { zh: '请至少选择一个令牌！', en: 'Select at least one token!' },
  'token.keys_batch_too_many': {
    zh: '一次最多获取 100 个令牌的密钥',
    en: 'At most 100 token keys can be fetched at once',
  },

  'channel.name_key_required': { zh: '请填写渠道名称和渠道密钥！', en: 'Fill in the channel name and key!' },
  'channel.models_required': { zh: '请至少选择一个模型！', en: 'Select at least one model!' },
  'channel.models_duplicate': { zh: '某些模型已存在！', en: 'Some models are listed twice!' },
  'channel.model_name_too_long': {
    zh: '模型名称不能超过 255 个字符',
    en: 'Model names must be at most 255 characters',
  },
  'channel.group_invalid': {
    zh: '分组必须是逗号分隔的字符串或字符串列表',
    en: 'Groups must be a comma-separated string or a list of strings',
  },
  'channel.group_name_too_long': { zh: '分组名称不能超过 64 个字符', en: 'Group names must be at most 64 characters' },
  'channel.model_mapping_invalid': { zh: '模型映射必须是合法的 JSON 格式！', en: 'Model mapping must be valid JSON!' },
  'channel.status_code_mapping_invalid': {
    zh: '状态码复写必须是合法的 JSON 格式！',
    en: 'Status code mapping must be valid JSON!',
  },
  'channel.setting_invalid': {
    zh: '渠道额外设置必须是合法的 JSON 格式！',
    en: 'Channel extra settings must be valid JSON!',
  },
  'channel.settings_invalid': {
    zh: '渠道其他设置必须是合法的 JSON 格式！',
    en: 'Channel other settings must be valid JSON!',
  },
  'channel.param_override_invalid': {
    zh: '参数覆盖必须是合法的 JSON 格式！',
    en: 'Parameter override must be valid JSON!',
  },
  'channel.header_override_invalid': {
    zh: '请求头覆盖必须是合法的 JSON 格式！',
    en: 'Header override must be valid JSON!',
  },
  'channel.base_url_invalid': {
    zh: 'API 地址必须是以 http:// 或 https:// 开头的合法地址',
    en: 'The API address must be a valid http:// or https:// URL',
  },
  'channel.priority_invalid': { zh: '优先级必须是整数！', en: 'Priority must be an integer!' },
  'channel.priority_too_small': { zh: '优先级不能小于 -999', en: 'Priority must not be below -999' },
  'channel.weight_invalid': { zh: '权重必须是非负整数！', en: 'Weight must be a non-negative integer!' },
  'channel.type_invalid': { zh: '渠道类型不合法', en: 'Invalid channel type' },
  'channel.status_invalid': { zh: '渠道状态只能是启用或禁用', en: 'A channel can only be enabled or disabled' },
  'channel.vertex_region_required': { zh: '部署地区不能为空', en: 'The deployment region is required' },
  'channel.vertex_region_default': {
    zh: '部署地区必须包含default字段',
    en: 'The deployment regions must include a default entry',
  },
  'channel.too_many_keys': { zh: '一次最多添加 {max} 个密钥', en: 'At most {max} keys can be added at once' },
  'channel.not_found': { zh: '渠道未找到，请刷新页面后重试。', en: 'Channel not found, refresh the page and retry.' },
  'channel.select_to_delete': { zh: '请先选择要删除的通道！', en: 'Select the channels to delete first!' },
  'channel.select_to_tag': { zh: '请先选择要设置标签的渠道！', en: 'Select the channels to tag first!' },
  'channel.tag_required': { zh: '标签不能为空！', en: 'The tag must not be empty!' },
  'channel.nothing_changed': { zh: '没有任何修改！', en: 'Nothing was changed!' },

  'channel.not_testable': { zh: '该渠道类型不支持测试', en: 'This channel type cannot be tested' },
  'channel.test_not_found': { zh: '渠道不存在', en: 'Channel not found' },
  'channel.test_unsupported': { zh: '暂不支持测试该类型的渠道', en: 'This channel type cannot be tested yet' },
  'channel.test_too_slow': {
    zh: '响应时间 {seconds} 秒，超过阈值 {threshold} 秒',
    en: 'Response time {seconds}s exceeds {threshold}s',
  },
  'channel.test_running': { zh: '测试已在运行中', en: 'A test of all channels is already running' },
  'channel.test_started': {
    zh: '已开始测试所有渠道，请稍后刷新查看结果',
    en: 'Testing every channel; refresh later to see the results',
  },
  'channel.balance_running': { zh: '余额更新已在运行中', en: 'A balance update of all channels is already running' },
  'channel.balance_started': {
    zh: '已开始更新所有渠道余额，请稍后刷新查看结果',
    en: 'Updating every channel balance; refresh later to see the results',
  },
  'channel.balance_unsupported': {
    zh: '该渠道类型不支持查询余额',
    en: 'Balance is not supported for this channel type',
  },
  'channel.balance_failed': { zh: '查询余额失败：{reason}', en: 'Failed to update the balance: {reason}' },
  'channel.no_balance': { zh: '余额不足', en: 'no balance left' },
  'channel.fetch_models_failed': { zh: '获取模型列表失败：{reason}', en: 'Failed to fetch the model list: {reason}' },
  'channel.key_required': { zh: '请填写密钥', en: 'Fill in the key' },

  'redemption.name_length': { zh: '兑换码名称长度必须在 1-20 之间', en: 'The code name must be 1 to 20 characters' },
  'redemption.quota_invalid': { zh: '兑换码额度必须是大于 0 的整数', en: 'The code quota must be a positive integer' },
  'redemption.quota_too_large': {
    zh: `兑换码额度不能超过 ${maxQuotaText}`,
    en: `The code quota cannot exceed ${maxQuotaText}`,
  },
  'redemption.count_invalid': {
    zh: '兑换码个数必须在 1 到 100 之间',
    en: 'The number of codes must be between 1 and 100',
  },
  'redemption.status_invalid': { zh: '兑换码只能被启用或禁用', en: 'A code can only be enabled or disabled' },
  'redemption.select_at_least_one': { zh: '请至少选择一个兑换码！', en: 'Select at least one code!' },
  'redemption.not_found': { zh: '兑换码不存在', en: 'Redemption code not found' },
  'redemption.used_status_locked': {
    zh: '兑换码已被使用，无法修改状态',
    en: 'This code has been used; its status can no longer change',
  },
  'redemption.key_required': { zh: '请输入兑换码！', en: 'Please enter the redemption code!' },
  'redemption.invalid': { zh: '兑换失败，无效的兑换码', en: 'Redemption failed: invalid code' },
  'redemption.already_used': {
    zh: '兑换失败，该兑换码已被使用',
    en: 'Redemption failed: this code has already been used',
  },
  'redemption.expired': { zh: '兑换失败，该兑换码已过期', en: 'Redemption failed: this code has expired' },
  'redemption.expired_time_invalid': {
    zh: '过期时间不能早于当前时间',
    en: 'The expiry time cannot be earlier than now',
  },
  'redemption.success': { zh: '兑换成功！', en: 'Redeemed!' },
  'log.redeemed': { zh: '通过兑换码充值 {quota}，兑换码ID {id}', en: 'Topped up {quota} with redemption code #{id}' },
  'redemption.only_unused_editable': { zh: '只有未使用的兑换码可以编辑', en: 'Only unused codes can be edited' },

  'notify.quota_title': { zh: '您的额度即将用尽', en: 'Your quota is running low' },
  'notify.quota_content': {
    zh: '您的额度剩余 {{value}}，已低于预警阈值 {{value}}，请及时充值。',
    en: 'Your remaining quota is {{value}}, below your warning threshold of {{value}}. Please top up.',
  },
  'channel.base_url_blocked': {
    zh: '该地址不允许作为渠道地址（元数据地址，或未允许的内网地址、端口）',
    en: 'This address may not be a channel base URL (a metadata address, or a private address or port the settings do not allow)',
  },
  'log.consume_ratio': {
    zh: '模型倍率 {model}，补全倍率 {completion}，分组倍率 {group}',
    en: 'Model ratio {model}, completion ratio {completion}, group ratio {group}',
  },
  'log.consume_price': { zh: '模型价格 {price}，分组倍率 {group}', en: 'Model price {price}, group ratio {group}' },
  'realtime.user_quota_exhausted': {
    zh: '用户额度不足，实时会话已结束',
    en: 'The user quota is exhausted; the realtime session has ended',
  },
  'realtime.token_quota_exhausted': {
    zh: '令牌额度不足，实时会话已结束',
    en: 'The token quota is exhausted; the realtime session has ended',
  },
  'log.stream_cut': { zh: '（流中断，按已生成计费）', en: ' (stream cut: billed for what was produced)' },
  'log.uncollected': { zh: '（余额不足，未收取 {quota}）', en: ' (balance too low: {quota} not collected)' },
  'log.interrupted': {
    zh: '请求被中断（服务重启或崩溃），预扣的 {quota} 已退还',
    en: 'Request interrupted (the server restarted or crashed); the {quota} held for it was returned',
  },
  'log.output_budget_lowered': {
    zh: '（余额只够 {tokens} 个输出 token，已据此限制）',
    en: ' (the balance covered {tokens} output tokens; the answer was limited to that)',
  },
  'log.register_gift': { zh: '新用户注册赠送 {quota}', en: 'New user bonus {quota}' },
  'log.invitee_gift': { zh: '使用邀请码赠送 {quota}', en: 'Invite code bonus {quota}' },
  'log.inviter_reward': { zh: '邀请用户赠送 {quota}', en: 'Invitation reward {quota}' },
} as const satisfies Record<string, { zh: string; en: string }>

// Each area keeps its messages in its own file (i18n/areas) so that features do not all edit one table.
export const messages = {
  ...coreMessages,
  ...dashboardMessages,
  ...midjourneyMessages,
  ...sunoMessages,
  ...usersMessages,
  ...walletMessages,
  ...personalMessages,
  ...accountMessages,
  ...settingsMessages,
  ...passkeysMessages,
  ...twoFactorMessages,
  ...sessionsMessages,
  ...channelKeysMessages,
} as const

export type MessageKey = keyof typeof messages
export type Language = 'zh' | 'en'
export type MessageParams = Record<string, string | number>

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(messages, value)

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  return fillParams(messages[key][language], params)
}

/** Fills {name} placeholders; unknown names (and {{value}} templates) stay as they are. */
export function fillParams(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole
  )
}

/** Picks zh or en from an Accept-Language header; anything else falls back to the default. */
export function pickLanguage(acceptLanguage: string | undefined, fallback: Language): Language {
  if (!acceptLanguage) return fallback
  for (const part of acceptLanguage.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase()
    if (tag === 'zh' || tag === 'en') return tag
  }
  return fallback
}
