/**
 * Every message the server sends to a person, in both languages. Clients get the language of their
 * Accept-Language header (zh when absent or unknown); log contents use DEFAULT_LANGUAGE.
 * Placeholders are written {name}.
 */
export const messages = {
  'common.bad_request': { zh: '请求参数有误', en: 'Invalid request parameters' },
  'common.invalid_json': { zh: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  'common.field_invalid': { zh: '字段 {field} 不合法', en: 'Field {field} is invalid' },
  'common.not_found': { zh: '资源不存在', en: 'Not found' },
  'common.internal': { zh: '服务器内部错误，请联系管理员', en: 'Internal server error, contact the administrator' },
  'common.rate_limited': { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, try again later' },
  'common.payload_too_large': { zh: '请求体过大', en: 'Request body too large' },
  'common.unsupported_media_type': { zh: '请求体必须是 JSON', en: 'The request body must be JSON' },
  'common.success': { zh: '操作成功', en: 'Done' },

  'auth.not_logged_in': { zh: '未登录或登录已过期，请重新登录', en: 'Not logged in or session expired. Please login again!' },
  'auth.user_header_missing': { zh: '无权进行此操作，未提供 New-Api-User', en: 'Unauthorized: the New-Api-User header is missing' },
  'auth.user_header_invalid': { zh: '无权进行此操作，New-Api-User 格式错误', en: 'Unauthorized: the New-Api-User header is malformed' },
  'auth.user_header_mismatch': { zh: '无权进行此操作，New-Api-User 与登录用户不匹配', en: 'Unauthorized: New-Api-User does not match the signed-in user' },
  'auth.access_token_invalid': { zh: '无权进行此操作，access token 无效', en: 'Unauthorized: invalid access token' },
  'auth.user_banned': { zh: '用户已被封禁', en: 'This user is banned' },
  'auth.forbidden': { zh: '无权进行此操作，权限不足', en: 'Insufficient permissions' },
  'auth.login_failed': { zh: '用户名或密码错误，或用户已被封禁', en: 'Wrong username or password, or the user is banned' },
  'auth.password_login_disabled': { zh: '管理员关闭了密码登录', en: 'Password login is disabled by the administrator' },
  'auth.too_many_attempts': { zh: '登录失败次数过多，请稍后再试', en: 'Too many failed sign-in attempts, try again later' },
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
  'user.username_taken': { zh: '用户名已存在，或已注销', en: 'The username is taken or was cancelled' },
  'user.cannot_delete_root': { zh: '不能删除超级管理员账户', en: 'The super admin account cannot be deleted' },
  'user.not_found': { zh: '用户不存在', en: 'User not found' },
  'user.own_group_desc': { zh: '用户分组', en: 'Your group' },

  'register.disabled': { zh: '管理员关闭了新用户注册', en: 'Registration is closed by the administrator' },
  'register.password_disabled': { zh: '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册', en: 'Password registration is closed; register with a third-party account' },
  'register.email_required': { zh: '管理员开启了邮箱验证，请输入邮箱地址和验证码', en: 'Email verification is on: enter your email and the verification code' },
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
  'option.topup_group_ratio_json': { zh: '充值分组倍率不是合法的 JSON 字符串', en: 'Top-up group ratio is not valid JSON' },
  'option.pay_methods_json': { zh: '充值方式设置不是合法的 JSON 字符串', en: 'Top-up method setting is not valid JSON' },
  'option.github_client_id_required': { zh: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！', en: 'Fill in the GitHub Client ID and Secret before enabling GitHub OAuth' },
  'option.linuxdo_client_id_required': { zh: '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！', en: 'Fill in the LinuxDO Client ID and Secret before enabling LinuxDO OAuth' },
  'option.email_whitelist_required': { zh: '无法启用邮箱域名限制，请先填入限制的邮箱域名！', en: 'Fill in the allowed email domains before enabling the restriction' },
  'option.wechat_server_required': { zh: '无法启用微信登录，请先填入微信登录相关配置信息！', en: 'Fill in the WeChat server settings before enabling WeChat login' },
  'option.turnstile_key_required': { zh: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！', en: 'Fill in the Turnstile keys before enabling the human check' },
  'option.telegram_token_required': { zh: '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！', en: 'Fill in the Telegram bot token before enabling Telegram login' },
  'option.model_ratio_reset': { zh: '重置模型倍率成功', en: 'Model ratios reset' },

  'log.register_gift': { zh: '新用户注册赠送 {quota}', en: 'New user bonus {quota}' },
  'log.invitee_gift': { zh: '使用邀请码赠送 {quota}', en: 'Invite code bonus {quota}' },
  'log.inviter_reward': { zh: '邀请用户赠送 {quota}', en: 'Invitation reward {quota}' },
} as const satisfies Record<string, { zh: string; en: string }>

export type MessageKey = keyof typeof messages
export type Language = 'zh' | 'en'
export type MessageParams = Record<string, string | number>

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(messages, value)

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  return messages[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
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
