import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@gateway/shared'
import { useCallback, useState } from 'react'
import { readItem, storageKeys, writeItem } from '@/lib/storage'

export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number]

function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(value)
}

/** The table page size every list shares, remembered in `page-size` (spec §9: 10/20/50/100, default 10). */
export function readPageSize(): PageSize {
  const saved = Number(readItem(storageKeys.pageSize))
  return isPageSize(saved) ? saved : DEFAULT_PAGE_SIZE
}

export function usePageSize(): [PageSize, (size: number) => void] {
  const [size, setSize] = useState<PageSize>(readPageSize)
  const update = useCallback((next: number) => {
    if (!isPageSize(next)) return
    writeItem(storageKeys.pageSize, String(next))
    setSize(next)
  }, [])
  return [size, update]
}
