import type { TwoFactorBackupCodes, TwoFactorSetup, TwoFactorStatus } from '@gateway/shared'
import { api } from '@/lib/api-client'

export const twoFactorStatusKey = ['user', '2fa', 'status'] as const

export const getTwoFactorStatus = () => api.get<TwoFactorStatus>('/api/user/2fa/status')
export const setupTwoFactor = () => api.post<TwoFactorSetup>('/api/user/2fa/setup')
export const enableTwoFactor = (code: string) => api.post<null>('/api/user/2fa/enable', { code })
export const disableTwoFactor = (code: string) => api.post<null>('/api/user/2fa/disable', { code })
export const regenerateBackupCodes = (code: string) =>
  api.post<TwoFactorBackupCodes>('/api/user/2fa/backup_codes', { code })
