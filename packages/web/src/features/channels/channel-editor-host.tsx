import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useHeldWhileClosed } from '@/hooks/use-held-while-closed'

// The editor is a chunk of its own, fetched when a drawer first opens.
const ChannelEditorDrawer = lazy(() =>
  import('./channel-editor-drawer').then(({ ChannelEditorDrawer: Drawer }) => ({ default: Drawer }))
)

/** What /channel/add (optionally copying a channel) and /channel/edit/$id open. */
export type ChannelEditorTarget = { mode: 'create'; copyFrom?: number } | { mode: 'edit'; channelId: number }

/**
 * The drawer of /channel/add and /channel/edit/$id. The list page renders it (those routes render
 * nothing), so that when its address is left it stays mounted long enough to slide out. Each opening
 * starts a fresh form. Closing it goes back to /channel with the same filters.
 */
export function ChannelEditorHost({ target }: { target: ChannelEditorTarget | null }) {
  const navigate = useNavigate()
  const shown = useHeldWhileClosed(target !== null, target)
  // Counted during render (React's way to adjust state to a prop), so a reopened drawer is a new one.
  const [openings, setOpenings] = useState({ count: 0, open: false })
  if (openings.open !== (target !== null))
    setOpenings({ count: openings.count + (target ? 1 : 0), open: target !== null })
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
        key={`${openings.count}-${shown.mode}-${channelId ?? copyFrom ?? 'new'}`}
        open={target !== null}
        mode={shown.mode}
        channelId={channelId}
        copyFrom={copyFrom}
        onClose={close}
      />
    </Suspense>
  )
}
