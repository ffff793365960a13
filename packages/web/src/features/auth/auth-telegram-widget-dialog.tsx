import { useEffect, useRef } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { TelegramAuthData } from './api'

declare global {
  interface Window {
    onTelegramAuth?: (user: TelegramAuthData) => void
  }
}

interface TelegramWidgetDialogProps {
  open: boolean
  /** Must be stable, like onAuth: the widget's callback is installed once per opening. */
  onOpenChange: (open: boolean) => void
  botName: string
  title: string
  hint: string
  testId: string
  /** receives the widget's signed user data (sign-in or binding) */
  onAuth: (data: TelegramAuthData) => void
}

/** Hosts Telegram's own login widget, which calls back with signed user data. */
export function TelegramWidgetDialog({
  open,
  onOpenChange,
  botName,
  title,
  hint,
  testId,
  onAuth,
}: TelegramWidgetDialogProps) {
  const host = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    window.onTelegramAuth = onAuth
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
  }, [open, botName, onAuth])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid={testId} className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{hint}</DialogDescription>
        </DialogHeader>
        <div ref={host} className="flex min-h-12 justify-center" />
      </DialogContent>
    </Dialog>
  )
}
