import { useCallback, useState } from 'react'
import { readItem, storageKeys, writeItem } from '@/lib/storage'

/** Collapsed state remembered in `sidebar-collapsed`; until the user toggles, the server default applies. */
export function useSidebarCollapsed(serverDefault: boolean): [boolean, () => void] {
  const [saved, setSaved] = useState<boolean | null>(() => {
    const raw = readItem(storageKeys.sidebarCollapsed)
    return raw === null ? null : raw === 'true'
  })
  const collapsed = saved ?? serverDefault
  const toggle = useCallback(() => {
    const next = !collapsed
    writeItem(storageKeys.sidebarCollapsed, String(next))
    setSaved(next)
  }, [collapsed])
  return [collapsed, toggle]
}
