import { QueryObserver } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { Toaster } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '@/i18n'
import { ApiError } from './api-error'
import { createQueryClient, notify, refetchOnLanguageChange, shouldRetry } from './query-client'

describe('notify', () => {
  it('shows calls that fail with the same message as one toast', async () => {
    render(<Toaster />)
    act(() => {
      notify(new ApiError('INTERNAL_ERROR', 'Internal server error', 500))
      notify(new ApiError('INTERNAL_ERROR', 'Internal server error', 500))
    })
    expect(await screen.findAllByText('Internal server error')).toHaveLength(1)
    act(() => notify(new ApiError('NOT_FOUND', 'Token not found', 200)))
    expect(await screen.findByText('Token not found')).toBeVisible()
    expect(screen.getAllByText('Internal server error')).toHaveLength(1)
  })

  it('shows nothing for an expired session, which goes to the login page instead', async () => {
    render(<Toaster />)
    // A failure notified right after it does show: once it is there, the 401's toast would be too.
    act(() => {
      notify(new ApiError('UNAUTHORIZED', 'expired', 401))
      notify(new ApiError('INTERNAL_ERROR', 'Database unavailable', 500))
    })
    await waitFor(() => expect(screen.getByText('Database unavailable')).toBeVisible())
    expect(screen.queryByText('expired')).toBeNull()
  })
})

describe('shouldRetry', () => {
  it('never retries a refusal: a business error at 200 (success false) or a 4xx', () => {
    expect(shouldRetry(0, new ApiError('NOT_FOUND', 'Token not found', 200))).toBe(false)
    expect(shouldRetry(0, new ApiError('FORBIDDEN', 'No access', 403))).toBe(false)
    expect(shouldRetry(0, new ApiError('RATE_LIMITED', 'Slow down', 429))).toBe(false)
  })

  it('retries a network failure or a 5xx once', () => {
    expect(shouldRetry(0, new ApiError('NETWORK_ERROR', 'offline', 0))).toBe(true)
    expect(shouldRetry(0, new ApiError('INTERNAL_ERROR', 'boom', 500))).toBe(true)
    expect(shouldRetry(1, new ApiError('INTERNAL_ERROR', 'boom', 500))).toBe(false)
  })
})

describe('refetchOnLanguageChange', () => {
  it('asks the server again after a language switch, in the new language', async () => {
    await i18n.changeLanguage('zh')
    const client = createQueryClient()
    const asked: string[] = []
    const observer = new QueryObserver(client, { queryKey: ['status'], queryFn: () => asked.push(i18n.language) })
    const unsubscribe = observer.subscribe(() => {})
    const stop = refetchOnLanguageChange(client, i18n)
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true))
    expect(asked).toEqual(['zh'])
    await i18n.changeLanguage('en')
    await vi.waitFor(() => expect(asked).toEqual(['zh', 'en']))
    stop()
    await i18n.changeLanguage('zh')
    // An invalidation starts its refetch at once (the query is fetching before the call returns), so
    // nothing fetching now means no refetch was asked for.
    expect(client.isFetching()).toBe(0)
    expect(asked).toEqual(['zh', 'en'])
    unsubscribe()
  })
})
