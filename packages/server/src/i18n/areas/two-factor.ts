/** Messages of two-factor sign-in; merged into the one dictionary in ../messages.ts. */
export const twoFactorMessages = {
  'two_factor.require': { zh: '请输入两步验证码', en: 'Please enter two-factor authentication code' },
  'two_factor.code_required': { zh: '请输入验证码', en: 'Enter the code' },
  'two_factor.code_invalid': { zh: '验证码或备用码错误，请重试', en: 'Wrong verification or backup code, try again' },
  'two_factor.locked': {
    zh: '两步验证失败次数过多，请稍后再试',
    en: 'Too many wrong two-factor codes, try again later',
  },
  'two_factor.login_expired': {
    zh: '登录已过期，请重新输入用户名和密码',
    en: 'The sign-in has expired; enter your username and password again',
  },
  'two_factor.already_enabled': {
    zh: '已启用两步验证，请先禁用后重新设置',
    en: 'Two-factor authentication is already on; turn it off before setting it up again',
  },
  'two_factor.setup_first': { zh: '请先完成两步验证初始化设置', en: 'Start the two-factor setup first' },
  'two_factor.not_enabled': { zh: '用户未启用两步验证', en: 'Two-factor authentication is not enabled for this user' },
  'two_factor.setup_started': {
    zh: '两步验证设置初始化成功，请使用认证器扫描二维码并输入验证码完成设置',
    en: 'Two-factor setup started: scan the QR code with your authenticator and enter a code to finish',
  },
  'two_factor.enabled': { zh: '两步验证启用成功', en: 'Two-factor authentication is on' },
  'two_factor.disabled': { zh: '两步验证已禁用', en: 'Two-factor authentication is off' },
  'two_factor.backup_codes_regenerated': { zh: '备用码重新生成成功', en: 'New backup codes generated' },
  'two_factor.cannot_manage': {
    zh: '无权操作同级或更高级用户的两步验证设置',
    en: 'You may not change the two-factor settings of a user of your own or a higher role',
  },
  'two_factor.admin_disabled': {
    zh: '用户两步验证已被强制禁用',
    en: "The user's two-factor authentication was turned off",
  },
  'two_factor.required_for_admins': {
    zh: '管理员账户必须先启用两步验证：请在个人设置中启用两步验证后再使用管理功能',
    en: 'Admin accounts must enable two-factor authentication first: turn it on in personal settings, then use the admin pages',
  },
} as const satisfies Record<string, { zh: string; en: string }>
