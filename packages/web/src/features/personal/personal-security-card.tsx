import { isRootRole, type SelfUser } from '@gateway/shared'
import { KeyRoundIcon, LockKeyholeIcon, UserXIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { AccessTokenDialog } from './personal-access-token-dialog'
import { ChangePasswordDialog } from './personal-change-password-dialog'
import { DeleteAccountDialog } from './personal-delete-account-dialog'

type Dialog = 'token' | 'password' | 'delete' | null

function Row({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode
  title: string
  description: string
  action: ReactNode
}) {
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md border bg-muted/40 text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
        <div className="min-w-0">
          <div className="text-sm font-medium">{title}</div>
          <p className="text-xs text-muted-foreground">{description}</p>
        </div>
      </div>
      <div className="shrink-0 self-end sm:self-auto">{action}</div>
    </li>
  )
}

/** Access token, password and account deletion (the server refuses to delete root, so root sees why). */
export function SecurityCard({ user }: { user: SelfUser }) {
  const { t } = useTranslation('personal')
  const [dialog, setDialog] = useState<Dialog>(null)
  // Each opening gets a fresh dialog instance (keyed), so forms start empty without resetting effects.
  const [opening, setOpening] = useState(0)
  const open = (which: Exclude<Dialog, null>) => {
    setOpening((n) => n + 1)
    setDialog(which)
  }
  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) setDialog(null)
  }

  return (
    <Card data-testid="security-card">
      <CardHeader>
        <CardTitle>{t('security.title')}</CardTitle>
        <CardDescription>{t('security.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          <Row
            icon={<KeyRoundIcon />}
            title={t('security.tokenTitle')}
            description={t('security.tokenDescription')}
            action={
              <Button size="sm" variant="outline" onClick={() => open('token')} data-testid="open-access-token">
                {t('security.generate')}
              </Button>
            }
          />
          <Row
            icon={<LockKeyholeIcon />}
            title={t('security.passwordTitle')}
            description={t('security.passwordDescription')}
            action={
              <Button size="sm" variant="outline" onClick={() => open('password')} data-testid="open-change-password">
                {t('security.changePassword')}
              </Button>
            }
          />
          <Row
            icon={<UserXIcon />}
            title={t('security.deleteTitle')}
            description={isRootRole(user.role) ? t('security.rootCannotDelete') : t('security.deleteDescription')}
            action={
              <Button
                size="sm"
                variant="destructive"
                disabled={isRootRole(user.role)}
                onClick={() => open('delete')}
                data-testid="open-delete-account"
              >
                {t('security.delete')}
              </Button>
            }
          />
        </ul>
        <AccessTokenDialog
          key={`token-${opening}`}
          open={dialog === 'token'}
          onOpenChange={onOpenChange}
          userId={user.id}
        />
        <ChangePasswordDialog key={`password-${opening}`} open={dialog === 'password'} onOpenChange={onOpenChange} />
        <DeleteAccountDialog
          key={`delete-${opening}`}
          open={dialog === 'delete'}
          onOpenChange={onOpenChange}
          username={user.username}
        />
      </CardContent>
    </Card>
  )
}
