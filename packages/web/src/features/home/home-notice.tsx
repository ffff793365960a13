import { useQuery } from '@tanstack/react-query'
import { Megaphone, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { noticeQuery } from '../content/api'
import { AdminContentView } from '../content/content-admin-view'
import { classifyContent } from '../content/content-classify'

const DISMISS_KEY = 'notice_closed'

const today = () => new Date().toLocaleDateString('sv') // yyyy-mm-dd in local time

/** A short fingerprint so that a new notice shows again even on a day the old one was closed. */
export function noticeFingerprint(text: string): string {
  let hash = 0
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0
  return `${text.length}:${hash}`
}

function isClosedToday(text: string): boolean {
  try {
    return localStorage.getItem(DISMISS_KEY) === `${today()}|${noticeFingerprint(text)}`
  } catch {
    return false
  }
}

function closeToday(text: string): void {
  try {
    localStorage.setItem(DISMISS_KEY, `${today()}|${noticeFingerprint(text)}`)
  } catch {
    // Without storage the notice simply shows again next time.
  }
}

/** The admin's notice (GET /api/notice) above the home page, with 'close' and 'close for today'. */
export function HomeNotice() {
  const { t } = useTranslation(['pages', 'settings'])
  const { data } = useQuery(noticeQuery)
  const [closed, setClosed] = useState(false)
  const text = data ?? ''
  const content = classifyContent(text)
  if (content.kind === 'empty' || closed || isClosedToday(text)) return null
  return (
    <section className="mx-auto w-full max-w-5xl px-4 pt-6 sm:px-6">
      <div data-testid="home-notice" className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <div className="mb-3 flex items-center gap-2 text-sm font-semibold">
          <Megaphone className="size-4 text-primary" />
          <span className="flex-1">{t('home.notice')}</span>
          <Button
            variant="ghost"
            size="sm"
            data-testid="notice-close-today"
            onClick={() => {
              closeToday(text)
              setClosed(true)
            }}
          >
            {t('settings:notice.closeToday')}
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            data-testid="notice-close"
            aria-label={t('settings:notice.close')}
            onClick={() => setClosed(true)}
          >
            <X />
          </Button>
        </div>
        <AdminContentView
          content={content}
          title={t('home.notice')}
          className={content.kind === 'url' ? 'h-80 rounded-md' : 'text-sm'}
        />
      </div>
    </section>
  )
}
