import { useQuery } from '@tanstack/react-query'
import { AlertCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { statusQuery } from '@/lib/status'
import { chatAt, chatSandbox, fillChatLink, serverAddress } from './chat-link'
import { useChatToken } from './use-chat-token'

function Notice({ children, error = false }: { children: React.ReactNode; error?: boolean }) {
  if (error) {
    return (
      <Alert variant="destructive" data-testid="chat-error">
        <AlertCircle />
        <AlertDescription>{children}</AlertDescription>
      </Alert>
    )
  }
  return <p className="flex items-center gap-2 text-sm text-muted-foreground">{children}</p>
}

/** /chat/{id}: the admin's chat link number `id`, with the user's first enabled token, in a frame. */
export function ChatPage({ id }: { id: string }) {
  const { t } = useTranslation('chat')
  const status = useQuery(statusQuery)
  const { key, loading, missing, failed } = useChatToken()

  if (status.isPending || loading) {
    return (
      <Notice>
        <Spinner />
        {t('loading')}
      </Notice>
    )
  }
  if (missing) return <Notice error>{t('noToken')}</Notice>
  if (failed) return <Notice error>{t('keyFailed')}</Notice>
  const chat = chatAt(status.data?.chats, id)
  if (!chat || !key) return <Notice error>{t('configError')}</Notice>

  const url = fillChatLink(chat.url, key, serverAddress(status.data!))
  return (
    <iframe
      data-testid="chat-frame"
      title={chat.label}
      src={url}
      sandbox={chatSandbox(url)}
      allow="clipboard-write; microphone"
      referrerPolicy="no-referrer"
      className="block h-[calc(100dvh-3.5rem-3rem)] w-full rounded-lg border bg-card sm:h-[calc(100dvh-3.5rem-4rem)]"
    />
  )
}
