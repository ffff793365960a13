import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useMemo } from 'react'
import { cn } from '@/lib/utils'

/** Markdown to sanitised HTML; safe to call on a half-received answer (re-run as it grows). */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true, breaks: true })
  return DOMPurify.sanitize(html)
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text])
  return <div className={cn('rich-content break-words', className)} dangerouslySetInnerHTML={{ __html: html }} />
}
