import { MOBILE_WIDTH } from '@gateway/shared'
import { useSyncExternalStore } from 'react'

const query = `(max-width: ${MOBILE_WIDTH - 1}px)`

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(query)
  media?.addEventListener('change', onChange)
  return () => media?.removeEventListener('change', onChange)
}

function snapshot(): boolean {
  return window.matchMedia?.(query).matches ?? false
}

/** True below the spec's 600px mobile threshold. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false)
}
