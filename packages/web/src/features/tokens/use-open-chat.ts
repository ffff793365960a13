import type { Token } from '@gateway/shared'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { fillChatLink, serverAddress } from '@/features/chat/chat-link'
import { useStatus } from '@/lib/status'

/**
 * Opens a configured chat with this token's key filled in. The list holds masked keys, so the
 * full key is fetched first (`keyOf` toasts its own failure and gives null).
 */
export function useOpenChat(keyOf: (id: number) => Promise<string | null>) {
  const { t } = useTranslation('tokens')
  const status = useStatus()
  return async (template: string, token: Token) => {
    const key = await keyOf(token.id)
    if (!key) return
    const url = fillChatLink(template, key, serverAddress(status))
    try {
      new URL(url, window.location.origin)
    } catch {
      toast.error(t('toast.chatConfigError'))
      return
    }
    window.open(url, '_blank', 'noopener,noreferrer')
  }
}
