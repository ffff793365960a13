import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { bindTelegram } from './api'
import { useRefreshSelf } from './queries'

interface TelegramBindDialogProps {
  open: boolean
  /** Must be stable: the widget's callback is installed once per opening. */
  onOpenChange: (open: boolean) => void
  botName: string
}

/** Hosts Telegram's login widget; its signed answer goes to /api/oauth/telegram/bind. */
export function TelegramBindDialog({ open, onOpenChange, botName }: TelegramBindDialogProps) {
  const { t } = useTranslation('personal')
  const refreshSelf = useRefreshSelf()
  const host = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    window.onTelegramAuth = (data) => {
      bindTelegram(data)
        .then(async () => {
          toast.success(t('bindings.done'))
          await refreshSelf()
          onOpenChange(false)
        })
        .catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)))
    }
    // Radix mounts the content after open flips; wait a frame for the host element.
    const frame = requestAnimationFrame(() => {
      if (!host.current || host.current.childElementCount > 0) return
      const script = document.createElement('script')
      script.src = 'https://telegram.org/js/telegram-widget.js?22'
      script.async = true
      script.dataset.telegramLogin = botName
      script.dataset.size = 'large'
      script.dataset.onauth = 'onTelegramAuth(user)'
      script.dataset.requestAccess = 'write'
      host.current.appendChild(script)
    })
    return () => {
      cancelAnimationFrame(frame)
      delete window.onTelegramAuth
    }
  }, [open, botName, refreshSelf, onOpenChange, t])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="telegram-bind-dialog" className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('telegram.title')}</DialogTitle>
          <DialogDescription>{t('telegram.hint')}</DialogDescription>
        </DialogHeader>
        <div ref={host} className="flex min-h-12 justify-center" />
      </DialogContent>
    </Dialog>
  )
}
