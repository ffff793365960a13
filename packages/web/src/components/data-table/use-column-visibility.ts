import type { VisibilityState } from '@tanstack/react-table'
import { useCallback, useState } from 'react'

function read(storageKey: string): VisibilityState | null {
  try {
    const raw = localStorage.getItem(storageKey)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
    return Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => typeof value === 'boolean')
    ) as VisibilityState
  } catch {
    return null
  }
}

function write(storageKey: string, value: VisibilityState): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(value))
  } catch {
    /* persistence is best effort */
  }
}

/**
 * Which columns a table shows, remembered in localStorage under `storageKey`
 * (e.g. 'channels-table-columns'). `defaults` applies to columns the saved value does not name,
 * so a column added later appears with its default.
 */
export function useColumnVisibility(
  storageKey: string,
  defaults: VisibilityState = {}
): [VisibilityState, (next: VisibilityState) => void, () => void] {
  const [visibility, setVisibility] = useState<VisibilityState>(() => ({ ...defaults, ...read(storageKey) }))
  const update = useCallback(
    (next: VisibilityState) => {
      write(storageKey, next)
      setVisibility(next)
    },
    [storageKey]
  )
  const reset = useCallback(() => {
    try {
      localStorage.removeItem(storageKey)
    } catch {
      /* ignore */
    }
    setVisibility(defaults)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults is read once, like the initial state
  }, [storageKey])
  return [visibility, update, reset]
}
