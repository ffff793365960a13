import type { Status } from '@gateway/shared'
import { getOAuthState } from './api'

export type OAuthProvider = 'github' | 'linuxdo'

/** The provider's authorize page with the client id from /api/status and a fresh state. */
export function authorizeUrl(provider: OAuthProvider, status: Status, state: string): string {
  const params: Record<string, string> =
    provider === 'github'
      ? { client_id: status.github_client_id, state, scope: 'user:email' }
      : { response_type: 'code', client_id: status.linuxdo_client_id, state }
  const base =
    provider === 'github' ? 'https://github.com/login/oauth/authorize' : 'https://connect.linux.do/oauth2/authorize'
  return `${base}?${new URLSearchParams(params).toString()}`
}

/**
 * Starts binding in a new window (spec §7). The window is opened inside the click so popup
 * blockers allow it, then pointed at the provider once the state is known; the signed-in session
 * makes the callback bind instead of log in.
 */
export async function startOAuthBind(provider: OAuthProvider, status: Status): Promise<void> {
  const popup = window.open('', '_blank')
  try {
    const url = authorizeUrl(provider, status, await getOAuthState())
    if (popup) popup.location.href = url
    else window.location.href = url
  } catch (error) {
    popup?.close()
    throw error
  }
}
