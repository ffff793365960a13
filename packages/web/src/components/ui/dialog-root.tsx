import { Dialog as DialogPrimitive } from 'radix-ui'
import { createContext, useContext, useState, type ComponentProps, type ReactNode } from 'react'
import { useHeldWhileClosed } from '@/hooks/use-held-while-closed'

const OpenContext = createContext(true)

/**
 * The root of every dialog and drawer of the console: Radix's root, with its open state shared so that
 * the content can hold what it showed while it plays its exit animation (see `useHeldContent`).
 */
export function DialogRoot({ open, defaultOpen, onOpenChange, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen ?? false)
  const shown = open ?? uncontrolled
  const change = (next: boolean) => {
    setUncontrolled(next)
    onOpenChange?.(next)
  }
  return (
    <OpenContext value={shown}>
      <DialogPrimitive.Root open={shown} onOpenChange={change} {...props} />
    </OpenContext>
  )
}

/**
 * The content as it was at the last render while open, and whether it is closing. Callers clear what
 * a dialog is about when it closes (the row it confirms, the token it edits), while the dialog still
 * fades or slides out for a moment; without this the closing dialog shows their fallback (an edit
 * drawer turning into the create one, "Disable this user?" into "Enable this user?"). The held element
 * is the very same object on every closing render, so React leaves the subtree as it is: forms keep
 * their state, queries keyed on the caller's live props still stop when it closes.
 *
 * The held content keeps the handlers of that last open render, so the content must be inert while it
 * closes: the second click of a double-click on "Confirm" would otherwise land on the closing dialog
 * and run the confirmed action again.
 */
export function useHeldContent(children: ReactNode): { content: ReactNode; closing: boolean } {
  const open = useContext(OpenContext)
  return { content: useHeldWhileClosed(open, children), closing: !open }
}
