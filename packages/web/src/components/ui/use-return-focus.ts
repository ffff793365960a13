import { useRef } from 'react'

type FocusEvent = { preventDefault: () => void; defaultPrevented: boolean }

/**
 * Dialogs and drawers opened from state (no Radix Trigger) leave the focus on the page's body when
 * they close, so a keyboard user starts over from the top. This remembers what had the focus when
 * the content opened and gives it back on close (when it is still on the page).
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: (event: Event) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body
          ? document.activeElement
          : null
      handlers.onOpenAutoFocus?.(event)
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event)
      const target = opener.current
      if ((event as FocusEvent).defaultPrevented || !target?.isConnected) return
      event.preventDefault()
      target.focus()
    },
  }
}
