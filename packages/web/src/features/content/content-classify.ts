import DOMPurify from 'dompurify'
import { marked } from 'marked'

export type AdminContent = { kind: 'empty' } | { kind: 'url'; url: string } | { kind: 'html'; html: string }

/**
 * Admin-set home/about/notice text is markdown, HTML or an https URL. Markdown is rendered, and
 * everything that becomes HTML is sanitised: admin content must not run script in our origin.
 */
export function classifyContent(raw: string | null | undefined): AdminContent {
  const text = (raw ?? '').trim()
  if (!text) return { kind: 'empty' }
  if (/^https:\/\/\S+$/i.test(text)) return { kind: 'url', url: text }
  const html = marked.parse(text, { async: false, gfm: true, breaks: true })
  return { kind: 'html', html: DOMPurify.sanitize(html, { ADD_ATTR: ['target'] }) }
}
