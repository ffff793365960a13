import { CHANNEL_PRIORITY_MIN } from '@gateway/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Input } from '@/components/ui/input'

export type InlineNumberKind = 'priority' | 'weight'

/** Spec §5: priority an integer ≥ -999, weight a non-negative integer; null when valid. */
export function inlineNumberError(
  kind: InlineNumberKind,
  text: string
): 'priorityInteger' | 'priorityMin' | 'weightNonNegative' | null {
  const value = text.trim()
  if (kind === 'priority') {
    if (!/^-?\d+$/.test(value)) return 'priorityInteger'
    return Number(value) < CHANNEL_PRIORITY_MIN ? 'priorityMin' : null
  }
  return /^\d+$/.test(value) ? null : 'weightNonNegative'
}

interface InlineNumberProps {
  kind: InlineNumberKind
  value: number
  onSave: (value: number) => Promise<unknown>
  label: string
  testId?: string
}

/** A number input in a table cell: saves on blur or Enter when the value changed; Escape reverts. */
export function InlineNumber({ kind, value, onSave, label, testId }: InlineNumberProps) {
  const { t } = useTranslation('channels')
  const [text, setText] = useState(String(value))
  const [saved, setSaved] = useState(value)
  const [busy, setBusy] = useState(false)
  // A refetch with a new value replaces the text (unless the user is typing it).
  if (value !== saved && !busy) {
    setSaved(value)
    setText(String(value))
  }

  const commit = async () => {
    if (text.trim() === String(value)) return
    const error = inlineNumberError(kind, text)
    if (error) {
      toast.error(t(`messages.${error}`))
      setText(String(value))
      return
    }
    setBusy(true)
    try {
      await onSave(Number(text.trim()))
      toast.success(t('toasts.saved'))
    } catch {
      setText(String(value))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Input
      type="number"
      inputMode="numeric"
      step={1}
      min={kind === 'priority' ? CHANNEL_PRIORITY_MIN : 0}
      aria-label={label}
      data-testid={testId}
      disabled={busy}
      value={text}
      className="h-7 w-14 px-1.5 text-xs tabular-nums"
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur()
        if (event.key === 'Escape') setText(String(value))
      }}
    />
  )
}
