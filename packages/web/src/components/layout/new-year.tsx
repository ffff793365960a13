import { PartyPopper } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'

const colours = ['#f43f5e', '#f59e0b', '#10b981', '#3b82f6', '#8b5cf6', '#ec4899', '#facc15']

/** The greeting only exists on 1 January (local time). */
export function isNewYearDay(date: Date = new Date()): boolean {
  return date.getMonth() === 0 && date.getDate() === 1
}

/** Drops CSS confetti for a few seconds; the pieces remove themselves. */
export function launchConfetti(count = 90): void {
  const layer = document.createElement('div')
  layer.setAttribute('aria-hidden', 'true')
  for (let index = 0; index < count; index += 1) {
    const piece = document.createElement('span')
    piece.className = 'confetti-piece'
    piece.style.left = `${Math.random() * 100}vw`
    piece.style.background = colours[index % colours.length] ?? '#3b82f6'
    piece.style.setProperty('--fall-duration', `${2.2 + Math.random() * 1.6}s`)
    piece.style.setProperty('--fall-delay', `${Math.random() * 0.6}s`)
    piece.style.setProperty('--drift', `${(Math.random() - 0.5) * 30}vw`)
    piece.style.setProperty('--spin', `${360 + Math.random() * 720}deg`)
    layer.appendChild(piece)
  }
  document.body.appendChild(layer)
  window.setTimeout(() => layer.remove(), 4500)
}

export function NewYearButton() {
  const { t } = useTranslation()
  if (!isNewYearDay()) return null
  return (
    <Button
      variant="ghost"
      size="sm"
      data-testid="new-year"
      className="text-rose-500 hover:text-rose-600"
      onClick={() => {
        launchConfetti()
        toast.success(t('newYear.greeting'))
      }}
    >
      <PartyPopper />
      <span className="hidden md:inline">{t('newYear.menu')}</span>
    </Button>
  )
}
