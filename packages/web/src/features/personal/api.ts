import type {
  AffTransferInput,
  LoginSession,
  NotifySettingRequest,
  PublicUserSetting,
  RevokeOtherSessionsResult,
  RevokeSessionResult,
  SelfUser,
} from '@gateway/shared'
import { api } from '@/lib/api-client'

/** The `setting` JSON text of GET /api/user/self, parsed; {} when it is not an object. */
export function parseUserSetting(text: string): PublicUserSetting {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as PublicUserSetting) : {}
  } catch {
    return {}
  }
}

export const getSelf = () => api.get<SelfUser>('/api/user/self')
export const getAvailableModels = () => api.get<string[]>('/api/user/models')
export const getAffCode = () => api.get<string>('/api/user/aff')
export const generateAccessToken = () => api.post<string>('/api/user/token')
export const transferAffQuota = (quota: number) =>
  api.post<null>('/api/user/aff_transfer', { quota } satisfies AffTransferInput)
export const saveNotifySetting = (payload: NotifySettingRequest) => api.put<null>('/api/user/setting', payload)
export const changePassword = (password: string, originalPassword: string) =>
  api.put<null>('/api/user/self', { password, original_password: originalPassword })
export const deleteAccount = () => api.delete<null>('/api/user/self')
export const logout = () => api.post<null>('/api/user/logout', undefined, { skipSessionExpiry: true })
export const getSessions = () => api.get<LoginSession[]>('/api/user/sessions')
export const revokeSession = (id: string) =>
  api.delete<RevokeSessionResult>(`/api/user/sessions/${encodeURIComponent(id)}`)
export const revokeOtherSessions = () => api.post<RevokeOtherSessionsResult>('/api/user/sessions/revoke-others')

export const sendEmailCode = (email: string, turnstile: string) =>
  api.get<null>('/api/verification', { query: { email, turnstile } })
export const bindEmail = (email: string, code: string) =>
  api.get<null>('/api/oauth/email/bind', { query: { email, code } })
export const bindWeChat = (code: string) => api.get<null>('/api/oauth/wechat/bind', { query: { code } })
export const bindTelegram = (data: Record<string, string | number>) =>
  api.get<null>('/api/oauth/telegram/bind', { query: data })
export const getOAuthState = () => api.get<string>('/api/oauth/state')
