import type { PasskeyBeginResult, PasskeyStatus } from '@gateway/shared'
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { api } from '@/lib/api-client'

export const passkeysQueryKey = ['user', 'passkeys'] as const

export const getPasskeys = () => api.get<PasskeyStatus>('/api/user/passkey')
export const renamePasskey = (id: number, name: string) => api.put<null>(`/api/user/passkey/${id}`, { name })
export const deletePasskey = (id: number) => api.delete<null>(`/api/user/passkey/${id}`)

/**
 * Adds a passkey: the server's options, the browser's prompt to create it, then the server's check.
 * `name` may be '' to let the server name it after the device.
 */
export async function addPasskey(name: string): Promise<void> {
  const begin = await api.post<PasskeyBeginResult<PublicKeyCredentialCreationOptionsJSON>>(
    '/api/user/passkey/register/begin',
    {}
  )
  const response = await startRegistration({ optionsJSON: begin.options.publicKey })
  await api.post<{ id: number }>('/api/user/passkey/register/finish', { ...response, name: name.trim() || undefined })
}
