/** Messages of the account area; merged into the one dictionary in ../messages.ts. */
export const accountMessages = {
  'account.email_invalid': { zh: '无效的邮箱地址', en: 'Invalid email address' },
  'account.email_domain_not_allowed': {
    zh: '管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中',
    en: 'The administrator only allows email addresses of certain domains; yours is not among them',
  },
  'account.email_alias_not_allowed': {
    zh: '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝',
    en: 'The administrator does not allow email aliases; addresses with "+" or "." before the @ are refused',
  },
  'account.smtp_not_configured': { zh: 'SMTP 服务器未配置', en: 'The SMTP server is not configured' },
  'account.mail_failed': { zh: '发送邮件失败，请稍后重试', en: 'Could not send the email, try again later' },
  'account.code_sent': { zh: '验证码发送成功，请检查邮箱', en: 'The verification code was sent, check your inbox' },
  'account.code_mail_subject': { zh: '{system}邮箱验证邮件', en: '{system} email verification' },
  'account.code_mail_body': {
    zh: '您好，你正在进行{system}邮箱验证。\n您的验证码为: {code}\n验证码 {minutes} 分钟内有效，如果不是本人操作，请忽略。',
    en: 'Hello, you are verifying your email for {system}.\nYour verification code is: {code}\nIt is valid for {minutes} minutes. If this was not you, ignore this mail.',
  },
  'account.reset_mail_subject': { zh: '{system}密码重置', en: '{system} password reset' },
  'account.reset_mail_body': {
    zh: '您好，你正在进行{system}密码重置。\n点击此链接进行密码重置: {link}\n重置链接 {minutes} 分钟内有效，如果不是本人操作，请忽略。',
    en: 'Hello, you asked to reset your {system} password.\nOpen this link to reset it: {link}\nThe link is valid for {minutes} minutes. If this was not you, ignore this mail.',
  },
  'account.reset_mail_sent': {
    zh: '如果该邮箱已注册，重置邮件已发送，请检查邮箱',
    en: 'If this address is registered, a reset mail is on its way; check your inbox',
  },
  'account.reset_link_invalid': { zh: '重置链接非法或已过期', en: 'The reset link is invalid or has expired' },
  'account.oauth_state_invalid': { zh: 'state is empty or not same', en: 'state is empty or not same' },
  'account.oauth_code_missing': { zh: '授权码为空', en: 'The authorization code is missing' },
  'account.oauth_provider_failed': {
    zh: '无法连接到 {provider} 服务器，请稍后重试',
    en: 'Could not reach {provider}, try again later',
  },
  'account.oauth_provider_refused': {
    zh: '{provider} 授权失败: {reason}',
    en: '{provider} authorization failed: {reason}',
  },
  'account.github_disabled': {
    zh: '管理员未开启通过 GitHub 登录以及注册',
    en: 'Sign-in and registration through GitHub are disabled',
  },
  'account.linuxdo_disabled': {
    zh: '管理员未开启通过 LinuxDO 登录以及注册',
    en: 'Sign-in and registration through LinuxDO are disabled',
  },
  'account.wechat_disabled': {
    zh: '管理员未开启通过微信登录以及注册',
    en: 'Sign-in and registration through WeChat are disabled',
  },
  'account.telegram_disabled': { zh: '管理员未开启通过 Telegram 登录', en: 'Sign-in through Telegram is disabled' },
  'account.github_bound': { zh: '该 GitHub 账户已被绑定', en: 'This GitHub account is already bound to a user' },
  'account.linuxdo_bound': { zh: '该 LinuxDO 账户已被绑定', en: 'This LinuxDO account is already bound to a user' },
  'account.wechat_bound': { zh: '该微信账号已被绑定', en: 'This WeChat account is already bound to a user' },
  'account.telegram_bound': { zh: '该 Telegram 账户已被绑定', en: 'This Telegram account is already bound to a user' },
  'account.telegram_not_bound': { zh: '该 Telegram 账户未绑定', en: 'This Telegram account is not bound to any user' },
  'account.telegram_invalid': { zh: 'Telegram 登录信息校验失败', en: 'The Telegram sign-in data failed verification' },
  'account.telegram_expired': {
    zh: 'Telegram 登录信息已过期，请重新登录',
    en: 'The Telegram sign-in data has expired, sign in again',
  },
  'account.wechat_code_invalid': { zh: '验证码错误或已过期', en: 'Wrong or expired verification code' },
  'account.user_deleted': { zh: '用户已注销', en: 'This account has been cancelled' },
  'account.user_banned': { zh: '用户已被封禁', en: 'This user is banned' },
  'account.github_user': { zh: 'GitHub 用户', en: 'GitHub User' },
  'account.linuxdo_user': { zh: 'LinuxDO 用户', en: 'LinuxDO User' },
  'account.wechat_user': { zh: '微信用户', en: 'WeChat User' },
} as const satisfies Record<string, { zh: string; en: string }>
