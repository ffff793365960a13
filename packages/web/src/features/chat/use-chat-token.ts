import { TokenStatus, type Token } from '@gateway/shared'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { fetchTokenKey, fetchTokens } from '@/features/tokens/api'

/** Spec §9: with no enabled token the chat pages go to /token after 1.5 s. */
export const NO_TOKEN_REDIRECT_MS = 1500

/** The first enabled token among the user's first 100. */
export function firstEnabledToken(tokens: Token[]): Token | null {
  return tokens.find((token) => token.status === TokenStatus.enabled) ?? null
}

/**
 * The token a chat page fills into its link, and its full key: the list carries masked keys, so
 * the key of the chosen token is fetched on its own (and not kept in the query cache). With no
 * token enabled it shows the error and navigates to /token after 1.5 s; `token` stays null then.
 */
export function useChatToken(): {
  token: Token | null
  key: string | null
  loading: boolean
  missing: boolean
  failed: boolean
} {
  const { t } = useTranslation('chat')
  const navigate = useNavigate()
  const list = useQuery({
    queryKey: ['tokens', 'chat'],
    queryFn: () => fetchTokens({ p: 1, page_size: 100 }),
    staleTime: 0,
  })
  const token = list.data ? firstEnabledToken(list.data.items) : null
  const missing = list.isSuccess && token === null
  const fullKey = useQuery({
    queryKey: ['tokens', 'chat', 'key', token?.id],
    queryFn: () => fetchTokenKey(token!.id),
    enabled: token !== null,
    staleTime: 0,
    gcTime: 0,
  })

  useEffect(() => {
    if (!missing) return
    toast.error(t('noToken'))
    const timer = setTimeout(() => void navigate({ to: '/token' }), NO_TOKEN_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [missing, navigate, t])

  return {
    token,
    key: fullKey.data ?? null,
    loading: list.isPending || (token !== null && fullKey.isPending),
    missing,
    failed: list.isError || fullKey.isError,
  }
}
