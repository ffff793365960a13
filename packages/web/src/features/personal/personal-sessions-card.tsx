import type { LoginSession } from '@gateway/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LogOutIcon, MonitorIcon, SmartphoneIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/data-table'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { formatLocalDateTime } from '@/lib/date-time'
import { getSessions, revokeOtherSessions, revokeSession } from './api'
import { sessionsQueryKey } from './queries'

const MOBILE_SYSTEMS = new Set(['Android', 'iOS', 'iPadOS'])

/** "3 minutes ago", "yesterday": how long ago a unix time was, in the reader's language. */
export function timeAgo(seconds: number, language: string, now = Date.now() / 1000): string {
  const format = new Intl.RelativeTimeFormat(language === 'zh' ? 'zh-CN' : language, { numeric: 'auto' })
  const elapsed = Math.max(0, now - seconds)
  if (elapsed < 60) return format.format(0, 'second')
  if (elapsed < 3600) return format.format(-Math.floor(elapsed / 60), 'minute')
  if (elapsed < 86_400) return format.format(-Math.floor(elapsed / 3600), 'hour')
  return format.format(-Math.floor(elapsed / 86_400), 'day')
}

/** The signed-in browsers of the account: revoke one, or every one but this. */
export function SessionsCard() {
  const { t, i18n } = useTranslation(['personal', 'common'])
  const queryClient = useQueryClient()
  const sessions = useQuery({ queryKey: sessionsQueryKey, queryFn: getSessions })
  const [confirming, setConfirming] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey })
  const revokeOne = useMutation({
    mutationFn: revokeSession,
    onSuccess: () => toast.success(t('sessions.revoked')),
    onError: (failure) => toast.error(t('sessions.revokeFailed', { message: failure.message })),
    onSettled: refresh,
  })
  const revokeOthers = useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: (result) => {
      setConfirming(false)
      toast.success(t('sessions.othersRevoked', { count: result?.revoked ?? 0 }))
    },
    onError: (failure) => toast.error(t('sessions.revokeFailed', { message: failure.message })),
    onSettled: refresh,
  })
  const list = sessions.data ?? []
  const others = list.filter((session) => !session.current).length

  return (
    <Card data-testid="sessions-card">
      <CardHeader>
        <CardTitle>{t('sessions.title')}</CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <div className="grid gap-3">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : sessions.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{t('sessions.loadFailed', { message: sessions.error.message })}</AlertDescription>
          </Alert>
        ) : (
          <ul className="divide-y" data-testid="sessions-list">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                language={i18n.language}
                revoking={revokeOne.isPending && revokeOne.variables === session.id}
                onRevoke={() => revokeOne.mutate(session.id)}
              />
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="justify-self-start text-destructive hover:text-destructive"
          disabled={others === 0}
          onClick={() => setConfirming(true)}
          data-testid="sessions-revoke-others"
        >
          <LogOutIcon />
          {t('sessions.revokeOthers')}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('sessions.revokeOthersTitle')}
          description={t('sessions.revokeOthersBody')}
          confirmLabel={t('sessions.revokeOthers')}
          destructive
          pending={revokeOthers.isPending}
          onConfirm={() => revokeOthers.mutate()}
        />
      </CardContent>
    </Card>
  )
}

interface SessionRowProps {
  session: LoginSession
  language: string
  revoking: boolean
  onRevoke: () => void
}

function SessionRow({ session, language, revoking, onRevoke }: SessionRowProps) {
  const { t } = useTranslation('personal')
  const device = [session.browser, session.os].filter(Boolean).join(' · ') || t('sessions.unknownDevice')
  const Icon = MOBILE_SYSTEMS.has(session.os) ? SmartphoneIcon : MonitorIcon
  return (
    <li
      className="flex items-center gap-3 py-3 first:pt-0 last:pb-0"
      data-testid="session-row"
      data-current={session.current || undefined}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md border bg-muted/40 text-muted-foreground [&_svg]:size-4">
        <Icon />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate" data-testid="session-device">
            {device}
          </span>
          {session.current && <Badge variant="success">{t('sessions.current')}</Badge>}
        </div>
        <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <span className="font-mono" data-testid="session-ip">
            {session.ip || t('sessions.unknownIp')}
          </span>
          <span title={formatLocalDateTime(session.last_seen_at, language)} data-testid="session-last-seen">
            {t('sessions.lastSeen', { time: timeAgo(session.last_seen_at, language) })}
          </span>
          <span className="hidden sm:inline">
            {t('sessions.signedIn', { time: formatLocalDateTime(session.created_at, language) })}
          </span>
        </p>
      </div>
      {!session.current && (
        <Button size="sm" variant="outline" disabled={revoking} onClick={onRevoke} data-testid="session-revoke">
          {revoking && <Spinner />}
          {t('sessions.revoke')}
        </Button>
      )}
    </li>
  )
}
