import type { Status } from '@gateway/shared'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { getOAuthState } from './api'
import { GitHubIcon, LinuxDoIcon, TelegramIcon, WeChatIcon } from './auth-brand-icons'
import { TelegramLoginDialog } from './auth-telegram-login-dialog'
import { WeChatLoginDialog } from './auth-wechat-login-dialog'
import { readAffCode } from './use-aff-code'

type Provider = 'github' | 'linuxdo'

function authorizeUrl(provider: Provider, status: Status, state: string): string {
  const params: Record<string, string> =
    provider === 'github'
      ? { client_id: status.github_client_id, state, scope: 'user:email' }
      : { response_type: 'code', client_id: status.linuxdo_client_id, state }
  const base =
    provider === 'github' ? 'https://github.com/login/oauth/authorize' : 'https://connect.linux.do/oauth2/authorize'
  return `${base}?${new URLSearchParams(params).toString()}`
}

/** Third-party sign-in buttons, each shown only when its status flag is on. */
export function OAuthButtons({ status }: { status: Status }) {
  const { t } = useTranslation('auth')
  const [dialog, setDialog] = useState<'wechat' | 'telegram' | null>(null)

  async function openProvider(provider: Provider) {
    // Open the window synchronously (inside the click) so popup blockers allow it, then point it.
    const popup = window.open('', '_blank')
    try {
      const state = await getOAuthState(readAffCode())
      const url = authorizeUrl(provider, status, state)
      if (popup) popup.location.href = url
      else window.location.href = url
    } catch (error) {
      popup?.close()
      toast.error(error instanceof Error ? error.message : String(error))
    }
  }

  const buttons: { key: string; label: string; icon: ReactNode; onClick: () => void }[] = []
  if (status.github_oauth)
    buttons.push({
      key: 'github',
      label: t('oauth.github'),
      icon: <GitHubIcon />,
      onClick: () => void openProvider('github'),
    })
  if (status.linuxdo_oauth)
    buttons.push({
      key: 'linuxdo',
      label: t('oauth.linuxdo'),
      icon: <LinuxDoIcon />,
      onClick: () => void openProvider('linuxdo'),
    })
  if (status.wechat_login)
    buttons.push({
      key: 'wechat',
      label: t('oauth.wechat'),
      icon: <WeChatIcon className="text-[#07c160]" />,
      onClick: () => setDialog('wechat'),
    })
  if (status.telegram_oauth)
    buttons.push({
      key: 'telegram',
      label: t('oauth.telegram'),
      icon: <TelegramIcon className="text-[#229ed9]" />,
      onClick: () => setDialog('telegram'),
    })
  if (buttons.length === 0) return null

  return (
    <div className="mt-6">
      <div className="mb-4 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t('oauth.divider')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className={buttons.length === 1 ? 'grid' : 'grid grid-cols-2 gap-2'}>
        {buttons.map((button) => (
          <Button key={button.key} variant="outline" data-testid={`oauth-${button.key}`} onClick={button.onClick}>
            {button.icon}
            {button.label}
          </Button>
        ))}
      </div>
      <WeChatLoginDialog
        open={dialog === 'wechat'}
        onOpenChange={(open) => setDialog(open ? 'wechat' : null)}
        qrCode={status.wechat_qrcode}
      />
      <TelegramLoginDialog
        open={dialog === 'telegram'}
        onOpenChange={(open) => setDialog(open ? 'telegram' : null)}
        botName={status.telegram_bot_name}
      />
    </div>
  )
}
