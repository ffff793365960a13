import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { TooltipProvider } from '@/components/ui/tooltip'
import { ThemeProvider } from '@/hooks/use-theme'

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

/** Wraps the providers every console component expects (query, theme, tooltip). */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <TooltipProvider>{children}</TooltipProvider>
      </QueryClientProvider>
    </ThemeProvider>
  )
}

/**
 * Renders a console screen (a page, drawer, dialog or card) inside the providers every one of them
 * expects, on a fresh query cache unless `client` is given (to share or inspect one). `rerender`
 * keeps the providers and the cache, as the app would across a prop change.
 */
export function renderFeaturePage(ui: ReactNode, { client = createTestQueryClient() }: { client?: QueryClient } = {}) {
  const wrap = (node: ReactNode) => <Providers client={client}>{node}</Providers>
  const result = render(wrap(ui))
  return { ...result, client, rerender: (node: ReactNode) => result.rerender(wrap(node)) }
}

/** Renders a component at `path` inside a throwaway router, so Link and navigate work. */
export async function renderWithRouter(ui: ReactNode, path = '/'): Promise<RenderResult & { router: AnyRouter }> {
  const rootRoute = createRootRoute({ component: Outlet })
  const routes = ['/', '$'].map((routePath) =>
    createRoute({ getParentRoute: () => rootRoute, path: routePath, component: () => ui })
  )
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  }) as unknown as AnyRouter
  await router.load()
  const result = render(
    <Providers client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  )
  return { ...result, router }
}

type FetchHandler = (url: string, init: RequestInit) => { status?: number; body?: unknown }

/** Replaces fetch with a handler returning JSON bodies; returns the mock to inspect calls. */
export function mockFetch(handler: FetchHandler) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    calls.push({ url, init })
    const { status = 200, body } = handler(url, init)
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  }
  globalThis.fetch = fetchMock as typeof fetch
  return calls
}
