import { useRef } from 'react'

/**
 * `value` as it was at the last render with `open` true. Callers clear what a dialog is about when it
 * closes (the row it confirms becomes null), while the dialog still fades out for a moment; without
 * this the fading dialog shows the callers' fallback words (a passkey reset turning into the 2FA one).
 */
export function useHeldWhileClosed<T>(open: boolean, value: T): T {
  const held = useRef(value)
  // Read and written during render on purpose: the held value is the one this very render shows, and
  // state cannot hold it (callers pass a new object each render, so setting it would render forever).
  // oxlint-disable-next-line react/refs -- see above; the console does not use the React Compiler
  if (open) held.current = value
  // oxlint-disable-next-line react/refs -- see above
  return held.current
}
