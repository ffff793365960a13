import type { ChannelForm, EditorMode } from './channel-editor-form'

/** What every editor section receives. */
export interface SectionProps {
  form: ChannelForm
  set: (patch: Partial<ChannelForm>) => void
  /** Translated inline messages by field. */
  errors: Partial<Record<keyof ChannelForm, string>>
  mode: EditorMode
}
