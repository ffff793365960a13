import { cn } from '@/lib/utils'
import type { AdminContent } from './content-classify'

interface AdminContentViewProps {
  content: Exclude<AdminContent, { kind: 'empty' }>
  title: string
  className?: string
}

/** Shows classified admin content: a URL in a sandboxed frame, HTML already sanitised. */
export function AdminContentView({ content, title, className }: AdminContentViewProps) {
  if (content.kind === 'url') {
    return (
      <iframe
        src={content.url}
        title={title}
        data-testid="content-frame"
        // No allow-same-origin: the page runs as an opaque origin and cannot touch our cookies or storage.
        sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        className={cn('h-[calc(100dvh-3.5rem)] w-full border-0', className)}
      />
    )
  }
  return (
    <div
      data-testid="content-html"
      className={cn('rich-content', className)}
      dangerouslySetInnerHTML={{ __html: content.html }}
    />
  )
}
