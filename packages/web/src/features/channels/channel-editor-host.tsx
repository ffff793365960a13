import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useHeldWhileClosed } from '@/hooks/use-held-while-closed'

// The editor is a chunk of its own, fetched when a drawer first opens.
const ChannelEditorDrawer = lazy(() =>
  import('./channel-editor-drawer').then(({ ChannelEditorDrawer: Drawer }) => ({ default: Drawer }))
)

/** What /channel/add (optionally copying a channel) and /channel/edit/$id open. */
export type ChannelEditorTarget = { mode: 'create'; copyFrom?: number } | { mode: 'edit'; channelId: number }

/**
 * The drawer of /channel/add and /channel/edit/$id. The list page renders it (those routes render
 * nothing), so that when its address is left it stays mounted long enough to slide out. Closing it
 * goes back to /channel with the same filters. Each opening after the drawer slid out is a fresh form:
 * the form lives in the sheet's content, which unmounts when the exit ends (reopened mid-exit, the same
 * channel keeps what was typed, as every other drawer of the console does).
 */
export function ChannelEditorHost({ target }: { target: ChannelEditorTarget | null }) {
  const navigate = useNavigate()
  const shown = useHeldWhileClosed(target !== null, target)
  if (!shown) return null
  const close = () =>
    void navigate({
      to: '/channel',
      search: ({ keyword, model, group }: { keyword?: string; model?: string; group?: string }) => ({
        keyword,
        model,
        group,
      }),
    })
  const channelId = shown.mode === 'edit' ? shown.channelId : undefined
  const copyFrom = shown.mode === 'create' ? shown.copyFrom : undefined
  return (
    <Suspense fallback={null}>
      <ChannelEditorDrawer
        key={`${shown.mode}-${channelId ?? copyFrom ?? 'new'}`}
        open={target !== null}
        mode={shown.mode}
        channelId={channelId}
        copyFrom={copyFrom}
        onClose={close}
      />
    </Suspense>
  )
}
