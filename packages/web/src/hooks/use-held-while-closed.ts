import { useRef } from 'react'

/**
 * `value` as it was at the last render with `open` true. Callers clear what a dialog is about when it
 * closes (the row it confirms becomes null), while the dialog still fades out for a moment; without
 * this the fading dialog shows the callers' fallback words (a passkey reset turning into the 2FA one).
 */
export function useHeldWhileClosed<T>(open: boolean, value: T): T {
  const held = useRef(value)
  // Written during render on purpose: the held value must be the one this very render shows.
  if (open) held.current = value
  return held.current
}
