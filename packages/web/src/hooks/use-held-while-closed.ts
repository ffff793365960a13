import { useRef } from 'react'

/**
 * `value` as it was at the last render with `open` true. The console's dialogs and drawers hold their
 * content with it while they fade or slide out (`useHeldContent` in components/ui), because callers
 * clear what a dialog is about as soon as it closes.
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
