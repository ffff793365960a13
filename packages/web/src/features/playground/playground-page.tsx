import { useQuery } from '@tanstack/react-query'
import { PanelLeft } from 'lucide-react'
import { useEffect, useReducer, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { userGroupsQuery, userModelsQuery } from '@/features/tokens/queries'
import { useIsMobile } from '@/hooks/use-mobile'
import { cn } from '@/lib/utils'
import { ChatBox } from './playground-chat-box'
import { messagesReducer, newMessage, restoreMessages, type ChatMessage } from './playground-messages'
import {
  buildRequestBody,
  loadItem,
  MESSAGES_KEY,
  readSettings,
  saveItem,
  SETTINGS_KEY,
  type PlaygroundSettings,
} from './playground-settings'
import { SettingsPanel } from './playground-settings-panel'
import { ChatStreamError, streamChat } from './playground-stream'

function loadMessages(): ChatMessage[] {
  try {
    return restoreMessages(JSON.parse(loadItem(MESSAGES_KEY) ?? '[]'))
  } catch {
    return []
  }
}

/** The saved group when still usable, else default, else the first usable group. */
function pickGroup(saved: string, groups: string[]): string {
  if (groups.length === 0 || groups.includes(saved)) return saved
  return groups.includes('default') ? 'default' : (groups[0] ?? saved)
}

/** /playground: settings on the side, a streaming chat in the middle; both kept in localStorage. */
export function PlaygroundPage() {
  const { t } = useTranslation('playground')
  const isMobile = useIsMobile()
  const [settings, setSettings] = useState<PlaygroundSettings>(() => readSettings(loadItem(SETTINGS_KEY)))
  const [messages, dispatch] = useReducer(messagesReducer, undefined, loadMessages)
  const [busy, setBusy] = useState(false)
  const [panelOpen, setPanelOpen] = useState(false)
  const controller = useRef<AbortController | null>(null)
  const groups = useQuery(userGroupsQuery)
  const models = useQuery(userModelsQuery)

  const groupNames = Object.keys(groups.data ?? {})
  const effectiveSettings = { ...settings, group: pickGroup(settings.group, groupNames) }

  useEffect(() => saveItem(SETTINGS_KEY, settings), [settings])
  useEffect(() => saveItem(MESSAGES_KEY, messages), [messages])
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('expired')) toast.error(t('errors.expired'))
  }, [t])
  useEffect(() => {
    if (groups.error) toast.error(groups.error.message)
    if (models.error) toast.error(models.error.message)
  }, [groups.error, models.error])
  useEffect(() => () => controller.current?.abort(), [])

  const send = async (text: string) => {
    const user = newMessage('user', text, 'complete')
    const assistant = newMessage('assistant', '', 'loading')
    const history = [...messages, user]
      .filter((m) => m.role !== 'system' && m.status === 'complete' && m.content)
      .map(({ role, content }) => ({ role, content }))
    dispatch({ type: 'send', user, assistant })
    const abort = new AbortController()
    controller.current = abort
    setBusy(true)
    let received = false
    try {
      await streamChat(
        buildRequestBody(effectiveSettings, history),
        (delta) => {
          if (delta) received = true
          dispatch({ type: 'text', id: assistant.id, text: delta })
        },
        abort.signal
      )
      dispatch({ type: 'done', id: assistant.id })
    } catch (error) {
      if (abort.signal.aborted) {
        dispatch(
          received ? { type: 'done', id: assistant.id } : { type: 'error', id: assistant.id, text: t('errors.stopped') }
        )
      } else if (error instanceof ChatStreamError) {
        const message =
          error.kind === 'expired'
            ? t('errors.expired')
            : error.kind === 'parse'
              ? t('errors.parse')
              : error.message || t('errors.parse')
        dispatch({ type: 'error', id: assistant.id, text: message })
      } else {
        dispatch({
          type: 'error',
          id: assistant.id,
          text: t('errors.request', { message: error instanceof Error ? error.message : String(error) }),
        })
      }
    } finally {
      if (controller.current === abort) controller.current = null
      setBusy(false)
    }
  }

  const stop = () => controller.current?.abort()
  const clear = () => {
    controller.current?.abort()
    dispatch({ type: 'clear' })
  }

  const panel = (
    <SettingsPanel
      settings={effectiveSettings}
      onChange={setSettings}
      groups={groups.data ?? {}}
      models={models.data ?? []}
    />
  )

  return (
    <div className="flex h-[calc(100dvh-3.5rem-3rem)] min-h-[28rem] flex-col gap-3 sm:h-[calc(100dvh-3.5rem-4rem)]">
      <div className="flex items-center justify-between gap-2">
        <h1 data-testid="page-title" className="text-2xl font-semibold tracking-tight">
          {t('title')}
        </h1>
        {isMobile && (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={panelOpen}
            aria-label={t('toggleSettings')}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <PanelLeft />
            {t('settings')}
          </Button>
        )}
      </div>
      <div className="flex min-h-0 flex-1 gap-4">
        {(!isMobile || panelOpen) && (
          <aside
            className={cn(
              'overflow-y-auto rounded-lg border bg-card p-4',
              isMobile ? 'absolute inset-x-4 z-20 max-h-[70dvh] shadow-lg' : 'w-72 shrink-0'
            )}
            aria-label={t('settings')}
          >
            {panel}
          </aside>
        )}
        <ChatBox messages={messages} busy={busy} onSend={(text) => void send(text)} onStop={stop} onClear={clear} />
      </div>
    </div>
  )
}
