/** Messages of passkeys (WebAuthn); merged into the one dictionary in ../messages.ts. */
export const passkeysMessages = {
  'passkey.name_required': { zh: '请输入通行密钥名称', en: 'Enter a name for the passkey' },
  'passkey.name_too_long': { zh: '通行密钥名称最多 64 个字符', en: 'A passkey name may be at most 64 characters' },
  'passkey.response_invalid': { zh: '通行密钥响应格式不正确', en: 'The passkey response is malformed' },
  'passkey.challenge_invalid': {
    zh: '通行密钥请求已过期或已使用，请重试',
    en: 'The passkey request has expired or was already used; please try again',
  },
  'passkey.verification_failed': {
    zh: '通行密钥验证失败，请重试',
    en: 'The passkey could not be verified; please try again',
  },
  'passkey.login_failed': { zh: '未找到此通行密钥对应的账户', en: 'No account is registered for this passkey' },
  'passkey.already_registered': { zh: '此通行密钥已注册', en: 'This passkey is already registered' },
  'passkey.too_many': { zh: '每个账户最多 {max} 个通行密钥', en: 'An account may hold at most {max} passkeys' },
  'passkey.not_found': { zh: '通行密钥不存在', en: 'Passkey not found' },
  'passkey.registered': { zh: '通行密钥已添加', en: 'Passkey added' },
  'passkey.deleted': { zh: '通行密钥已删除', en: 'Passkey deleted' },
  'passkey.all_deleted': { zh: '通行密钥已全部解绑', en: 'All passkeys removed' },
  'passkey.reset_done': { zh: '通行密钥已重置', en: 'Passkeys reset' },
  'passkey.none_to_reset': { zh: '该用户尚未绑定通行密钥', en: 'This user has no passkey' },
  'passkey.cannot_reset_root': { zh: '无权重置超级管理员的通行密钥', en: "You cannot reset the root user's passkeys" },
  'passkey.default_name': { zh: '通行密钥', en: 'Passkey' },
  'passkey.default_name_on': { zh: '{device} 上的通行密钥', en: 'Passkey on {device}' },
  'passkey.default_name_security_key': { zh: '安全密钥', en: 'Security key' },
} as const satisfies Record<string, { zh: string; en: string }>
