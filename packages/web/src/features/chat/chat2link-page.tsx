import { useQuery } from '@tanstack/react-query'
import { AlertCircle } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { statusQuery } from '@/lib/status'
import { chat2Link, fillChatLink, serverAddress } from './chat-link'
import { useChatToken } from './use-chat-token'

/** Navigates the whole window; a seam for tests. */
export const chat2linkNavigation = { go: (url: string) => window.location.assign(url) }

/** /chat2link: sends the browser to the chat link with the user's first enabled token filled in. */
export function Chat2LinkPage() {
  const { t } = useTranslation('chat')
  const status = useQuery(statusQuery)
  const { key, loading, missing, failed } = useChatToken()
  const link = status.data ? chat2Link(status.data) : null
  const url = link && key && status.data ? fillChatLink(link, key, serverAddress(status.data)) : null

  useEffect(() => {
    if (url) chat2linkNavigation.go(url)
  }, [url])

  if (missing || (!status.isPending && !loading && !url)) {
    return (
      <Alert variant="destructive" data-testid="chat-error">
        <AlertCircle />
        <AlertDescription>{missing ? t('noToken') : failed ? t('keyFailed') : t('configError')}</AlertDescription>
      </Alert>
    )
  }
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {url ? t('redirecting') : t('loading')}
    </p>
  )
}
