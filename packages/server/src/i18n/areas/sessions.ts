/** Messages of the sessions list; merged into the one dictionary in ../messages.ts. */
export const sessionsMessages = {
  'session.not_found': { zh: '登录会话不存在或已结束', en: 'The session does not exist or has already ended' },
} as const satisfies Record<string, { zh: string; en: string }>
