import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStatus } from '@/lib/status'
import { readItem, storageKeys } from '@/lib/storage'

const pollInterval = 200
const pollTimes = 5

/** The sanitiser is fetched only when there is custom HTML to show: most sites have none. */
const loadSanitizer = () =>
  import('dompurify').then(
    ({ default: DOMPurify }) =>
      (html: string) =>
        DOMPurify.sanitize(html)
  )

/** `html` sanitised once the sanitiser has arrived; null until then (unsanitised HTML is never shown). */
function useSanitized(html: string): string | null {
  const [safe, setSafe] = useState<{ source: string; html: string } | null>(null)
  useEffect(() => {
    if (!html) return
    let current = true
    void loadSanitizer().then((sanitize) => {
      if (current) setSafe({ source: html, html: sanitize(html) })
    })
    return () => {
      current = false
    }
  }, [html])
  return safe?.source === html ? safe.html : null
}

/**
 * Custom footer HTML (sanitised) or the default credit. The status may land in localStorage just
 * after first paint, so the stored footer is re-read every 200ms, five times (spec).
 */
export function Footer() {
  const { t } = useTranslation()
  const status = useStatus()
  const [stored, setStored] = useState(() => readItem(storageKeys.footerHtml) ?? '')

  useEffect(() => {
    let count = 0
    const timer = window.setInterval(() => {
      count += 1
      setStored(readItem(storageKeys.footerHtml) ?? '')
      if (count >= pollTimes) window.clearInterval(timer)
    }, pollInterval)
    return () => window.clearInterval(timer)
  }, [])

  const html = status.footer_html || stored
  const safeHtml = useSanitized(html)
  return (
    <footer data-testid="footer" className="border-t px-4 py-5 text-center text-xs text-muted-foreground">
      {html ? (
        <div
          className="rich-content text-xs! text-muted-foreground"
          dangerouslySetInnerHTML={{ __html: safeHtml ?? '' }}
        />
      ) : (
        <span>
          {t('footer.poweredBy', { version: status.version ? `v${status.version.replace(/^v/, '')}` : '' }).trim()}
        </span>
      )}
    </footer>
  )
}
