import { TOKEN_KEYS_BATCH_MAX } from '@gateway/shared'
import { useMutation } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { fetchTokenKey, fetchTokenKeys } from './api'

/**
 * Full token keys, fetched only when the user asks for one (copy, reveal, chat link): the list
 * carries masked keys. A key fetched once is kept while the page is open, so copying a revealed
 * key asks the server nothing more. A failure gives null (the console's error policy toasts it).
 */
export function useTokenKeys() {
  const known = useRef(new Map<number, string>())
  // Mutations, not queries: each fetch is a deliberate act (and a POST), never cached or refetched.
  const { mutateAsync: fetchOne } = useMutation({ mutationFn: fetchTokenKey })
  const { mutateAsync: fetchMany } = useMutation({ mutationFn: fetchTokenKeys })
  const [revealed, setRevealed] = useState<Record<number, string>>({})

  const keyOf = useCallback(
    async (id: number): Promise<string | null> => {
      const cached = known.current.get(id)
      if (cached) return cached
      try {
        const key = await fetchOne(id)
        known.current.set(id, key)
        return key
      } catch {
        return null
      }
    },
    [fetchOne]
  )

  /** The keys of `ids` in their order, asked for in batches of at most 100; ids the server left out are skipped. */
  const keysOf = useCallback(
    async (ids: number[]): Promise<string[] | null> => {
      const missing = ids.filter((id) => !known.current.has(id))
      try {
        for (let start = 0; start < missing.length; start += TOKEN_KEYS_BATCH_MAX) {
          const keys = await fetchMany(missing.slice(start, start + TOKEN_KEYS_BATCH_MAX))
          for (const [id, key] of Object.entries(keys)) known.current.set(Number(id), key)
        }
      } catch {
        return null
      }
      return ids.flatMap((id) => known.current.get(id) ?? [])
    },
    [fetchMany]
  )

  /** Shows the full key in place of the masked one, or hides it again. */
  const toggleReveal = useCallback(
    async (id: number) => {
      if (revealed[id]) {
        setRevealed(({ [id]: _hidden, ...rest }) => rest)
        return
      }
      const key = await keyOf(id)
      if (key) setRevealed((previous) => ({ ...previous, [id]: key }))
    },
    [keyOf, revealed]
  )

  return { keyOf, keysOf, revealed, toggleReveal }
}
