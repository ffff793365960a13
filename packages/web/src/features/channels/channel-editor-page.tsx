import { useNavigate } from '@tanstack/react-router'
import { ChannelEditorDrawer } from './channel-editor-drawer'
import type { EditorMode } from './channel-editor-form'

/** The drawer of /channel/add and /channel/edit/$id; closing it goes back to /channel with the same filters. */
export function ChannelEditorPage({
  mode,
  channelId,
  copyFrom,
}: {
  mode: EditorMode
  channelId?: number
  copyFrom?: number
}) {
  const navigate = useNavigate()
  const close = () =>
    void navigate({
      to: '/channel',
      search: ({ keyword, model, group }: { keyword?: string; model?: string; group?: string }) => ({
        keyword,
        model,
        group,
      }),
    })
  return (
    <ChannelEditorDrawer
      key={`${mode}-${channelId ?? copyFrom ?? 'new'}`}
      mode={mode}
      channelId={channelId}
      copyFrom={copyFrom}
      onClose={close}
    />
  )
}
