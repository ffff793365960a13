import { useEffect } from 'react'
import { readItem, storageKeys, writeItem } from '@/lib/storage'

/** Keeps an invite code from `?aff=` so registration (even later, or via OAuth) credits the inviter. */
export function useStoreAffCode(aff: string | undefined): void {
  useEffect(() => {
    if (aff) writeItem(storageKeys.aff, aff)
  }, [aff])
}

export function readAffCode(): string {
  return readItem(storageKeys.aff) ?? ''
}
