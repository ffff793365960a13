import { formatQuota, type QuotaDisplay, type SelfUser } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { CopyIcon, GiftIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCopyText } from '@/components/data-table'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { getAffCode } from './api'
import { TransferDialog } from './personal-transfer-dialog'
import { affCodeQueryKey } from './queries'

/** The invite link as the register page reads it (spec §2: /register?aff=<code>). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/register?aff=${encodeURIComponent(code)}`
}

export function InviteCard({ user, display }: { user: SelfUser; display: QuotaDisplay }) {
  const { t } = useTranslation('personal')
  const aff = useQuery({ queryKey: affCodeQueryKey, queryFn: getAffCode, staleTime: Infinity })
  const [copy, manualCopyDialog] = useCopyText()
  const [transferring, setTransferring] = useState(false)
  const [opening, setOpening] = useState(0)
  const link = aff.data ? inviteLink(window.location.origin, aff.data) : ''
  const stats = [
    { key: 'count', label: t('invite.count'), value: user.aff_count.toLocaleString() },
    { key: 'history', label: t('invite.history'), value: formatQuota(user.aff_history_quota, display) },
    { key: 'pending', label: t('invite.pending'), value: formatQuota(user.aff_quota, display) },
  ]

  return (
    <Card data-testid="invite-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GiftIcon className="size-4 text-muted-foreground" />
          {t('invite.title')}
        </CardTitle>
        <CardDescription>{t('invite.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-3 gap-2">
          {stats.map((stat) => (
            <div key={stat.key} className="flex min-w-0 flex-col justify-between gap-1 rounded-lg border p-2.5 sm:p-3">
              <dt className="text-xs leading-tight text-muted-foreground">{stat.label}</dt>
              <dd className="font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid={`invite-${stat.key}`}>
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-2">
          <Label htmlFor="invite-link">{t('invite.link')}</Label>
          <div className="flex gap-2">
            <Input
              id="invite-link"
              readOnly
              value={link || t('invite.loading')}
              data-testid="invite-link"
              className="font-mono text-xs"
              onFocus={(event) => event.target.select()}
            />
            <Button
              variant="outline"
              disabled={!link}
              onClick={() => void copy(link, t('invite.copied'))}
              aria-label={t('invite.copy')}
            >
              <CopyIcon />
              <span className="hidden sm:inline">{t('invite.copy')}</span>
            </Button>
          </div>
        </div>
        <Button
          variant="secondary"
          className="justify-self-start"
          data-testid="open-transfer"
          onClick={() => {
            setOpening((n) => n + 1)
            setTransferring(true)
          }}
        >
          {t('invite.transfer')}
        </Button>
        <TransferDialog
          key={opening}
          open={transferring}
          onOpenChange={setTransferring}
          available={user.aff_quota}
          display={display}
        />
        {manualCopyDialog}
      </CardContent>
    </Card>
  )
}
