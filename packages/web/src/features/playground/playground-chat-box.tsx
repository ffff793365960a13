import { Bot, Eraser, Send, Square, User } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import { Markdown } from './playground-markdown'
import type { ChatMessage } from './playground-messages'

interface ChatBoxProps {
  messages: ChatMessage[]
  busy: boolean
  onSend: (text: string) => void
  onStop: () => void
  onClear: () => void
}

const statusVariant = { loading: 'muted', incomplete: 'info', complete: 'success', error: 'danger' } as const

function MessageBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('playground')
  const mine = message.role === 'user'
  return (
    <div
      className={cn('flex gap-3', mine && 'flex-row-reverse')}
      data-testid="chat-message"
      data-role={message.role}
      data-status={message.status}
    >
      <div className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </div>
      <div className={cn('flex min-w-0 max-w-[85%] flex-col gap-1', mine && 'items-end')}>
        <div
          className={cn(
            'min-w-0 rounded-lg px-3 py-2',
            mine ? 'bg-primary text-primary-foreground' : 'border bg-card',
            message.status === 'error' && 'border-destructive/40'
          )}
        >
          {mine ? (
            <p className="text-sm whitespace-pre-wrap break-words">{message.content}</p>
          ) : message.status === 'loading' ? (
            <span className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-4" />
              {t('status.loading')}
            </span>
          ) : (
            <Markdown text={message.content} className={cn(message.status === 'error' && 'text-destructive')} />
          )}
        </div>
        {!mine && message.status !== 'loading' && (
          <Badge variant={statusVariant[message.status]} data-testid="chat-message-status">
            {t(`status.${message.status}`)}
          </Badge>
        )}
      </div>
    </div>
  )
}

/** The conversation, the input, and send / stop / clear context. */
export function ChatBox({ messages, busy, onSend, onStop, onClear }: ChatBoxProps) {
  const { t } = useTranslation('playground')
  const [text, setText] = useState('')
  const endRef = useRef<HTMLDivElement>(null)
  const last = messages.at(-1)

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [messages.length, last?.content])

  const submit = () => {
    if (busy || !text.trim()) return
    onSend(text.trim())
    setText('')
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col rounded-lg border bg-card">
      <div className="min-h-0 flex-1 overflow-y-auto p-4" data-testid="chat-messages">
        {messages.length === 0 ? (
          <p className="py-16 text-center text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <div className="flex flex-col gap-4">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
          </div>
        )}
        <div ref={endRef} />
      </div>
      <div className="flex flex-col gap-2 border-t p-3">
        <Textarea
          rows={3}
          value={text}
          placeholder={t('inputPlaceholder')}
          aria-label={t('inputPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              submit()
            }
          }}
        />
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" size="sm" onClick={onClear} disabled={messages.length === 0}>
            <Eraser />
            {t('clear')}
          </Button>
          {busy ? (
            <Button size="sm" variant="secondary" onClick={onStop}>
              <Square />
              {t('stop')}
            </Button>
          ) : (
            <Button size="sm" onClick={submit} disabled={!text.trim()}>
              <Send />
              {t('send')}
            </Button>
          )}
        </div>
      </div>
    </div>
  )
}
