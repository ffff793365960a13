import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches now; follows it as the window resizes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia?.(query)
      media?.addEventListener('change', onChange)
      return () => media?.removeEventListener('change', onChange)
    },
    [query]
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false
  )
}

/** Tailwind's md breakpoint: below it, tables draw each row as a card. */
export const BELOW_MD = '(max-width: 767px)'
