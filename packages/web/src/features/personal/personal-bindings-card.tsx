import type { SelfUser, Status } from '@gateway/shared'
import { MailIcon } from 'lucide-react'
import { useCallback, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { GitHubIcon, LinuxDoIcon, TelegramIcon, WeChatIcon } from '@/features/auth/auth-brand-icons'
import { EmailBindDialog } from './personal-email-bind-dialog'
import { startOAuthBind, type OAuthProvider } from './personal-oauth-bind'
import { TelegramBindDialog } from './personal-telegram-bind-dialog'
import { WeChatBindDialog } from './personal-wechat-bind-dialog'

type Dialog = 'email' | 'wechat' | 'telegram' | null

interface BindingRow {
  key: string
  label: string
  icon: ReactNode
  value: string
  /** An outside account, once bound, stays; email can be changed. */
  changeable: boolean
  onBind: () => void
}

/** Email always; GitHub, LinuxDO, WeChat and Telegram only when the site enables them. */
export function BindingsCard({ user, status }: { user: SelfUser; status: Status }) {
  const { t } = useTranslation('personal')
  const [dialog, setDialog] = useState<Dialog>(null)
  // Each opening gets a fresh dialog instance (keyed), so forms start empty without resetting effects.
  const [opening, setOpening] = useState(0)
  const open = (which: Exclude<Dialog, null>) => {
    setOpening((n) => n + 1)
    setDialog(which)
  }
  const onOpenChange = useCallback((isOpen: boolean) => {
    if (!isOpen) setDialog(null)
  }, [])

  const oauth = (provider: OAuthProvider) => () =>
    void startOAuthBind(provider, status).catch((error: unknown) =>
      toast.error(error instanceof Error ? error.message : String(error))
    )

  const rows: BindingRow[] = [
    {
      key: 'email',
      label: t('bindings.email'),
      icon: <MailIcon />,
      value: user.email,
      changeable: true,
      onBind: () => open('email'),
    },
  ]
  if (status.github_oauth)
    rows.push({
      key: 'github',
      label: t('bindings.github'),
      icon: <GitHubIcon />,
      value: user.github_id,
      changeable: false,
      onBind: oauth('github'),
    })
  if (status.linuxdo_oauth)
    rows.push({
      key: 'linuxdo',
      label: t('bindings.linuxdo'),
      icon: <LinuxDoIcon />,
      value: user.linux_do_id,
      changeable: false,
      onBind: oauth('linuxdo'),
    })
  if (status.wechat_login)
    rows.push({
      key: 'wechat',
      label: t('bindings.wechat'),
      icon: <WeChatIcon className="text-[#07c160]" />,
      // The WeChat id is an internal open id; showing it helps no one.
      value: user.wechat_id ? t('bindings.bound') : '',
      changeable: false,
      onBind: () => open('wechat'),
    })
  if (status.telegram_oauth)
    rows.push({
      key: 'telegram',
      label: t('bindings.telegram'),
      icon: <TelegramIcon className="text-[#229ed9]" />,
      value: user.telegram_id,
      changeable: false,
      onBind: () => open('telegram'),
    })

  return (
    <Card data-testid="bindings-card">
      <CardHeader>
        <CardTitle>{t('bindings.title')}</CardTitle>
        <CardDescription>{t('bindings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {rows.map((row) => (
            <li
              key={row.key}
              className="flex items-center gap-3 py-3 first:pt-0 last:pb-0"
              data-testid={`binding-${row.key}`}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md border bg-muted/40 [&_svg]:size-4">
                {row.icon}
              </span>
              <div className="min-w-0 flex-1">
                <div className="text-sm font-medium">{row.label}</div>
                <div className="truncate text-xs text-muted-foreground" data-testid={`binding-${row.key}-value`}>
                  {row.value || t('bindings.notBound')}
                </div>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={Boolean(row.value) && !row.changeable}
                onClick={row.onBind}
                data-testid={`bind-${row.key}`}
              >
                {row.value ? (row.changeable ? t('bindings.change') : t('bindings.bound')) : t('bindings.bind')}
              </Button>
            </li>
          ))}
        </ul>
        <EmailBindDialog
          key={`email-${opening}`}
          open={dialog === 'email'}
          onOpenChange={onOpenChange}
          currentEmail={user.email}
        />
        {status.wechat_login && (
          <WeChatBindDialog
            key={`wechat-${opening}`}
            open={dialog === 'wechat'}
            onOpenChange={onOpenChange}
            qrCode={status.wechat_qrcode}
          />
        )}
        {status.telegram_oauth && (
          <TelegramBindDialog
            open={dialog === 'telegram'}
            onOpenChange={onOpenChange}
            botName={status.telegram_bot_name}
          />
        )}
      </CardContent>
    </Card>
  )
}
