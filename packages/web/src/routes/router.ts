import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { consoleRoutes } from './console-routes'
import { PagePending } from './page-pending'
import { publicRoutes } from './public-routes'
import { rootRoute } from './root-route'

export const routeTree = rootRoute.addChildren([publicRoutes, consoleRoutes])

/** `history` is for tests (memory history); the browser's is used otherwise. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Query owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: PagePending,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
