import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router'
import { toast } from 'sonner'
import { PublicFrame } from '@/components/layout/public-layout'
import { NotFoundPage } from '@/features/errors/not-found-page'
import { i18n } from '@/i18n'
import { isApiError } from '@/lib/api-error'
import { statusQuery } from '@/lib/status'

export interface RouterContext {
  queryClient: QueryClient
}

let statusErrorShown = false

/** The status gates everything (setup redirect, menus); when it cannot load, the cached copy is used. */
async function ensureStatus(queryClient: QueryClient) {
  try {
    return await queryClient.ensureQueryData(statusQuery)
  } catch (error) {
    if (!statusErrorShown) {
      statusErrorShown = true
      const unreachable = isApiError(error) && error.status === 0
      toast.error(i18n.t(unreachable ? 'errors:status.unreachable' : 'errors:status.loadFailed'))
    }
    return null
  }
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    const status = await ensureStatus(context.queryClient)
    // Until the first-run setup has created the root account, every page leads to /setup.
    if (status && !status.setup && location.pathname !== '/setup') throw redirect({ to: '/setup' })
  },
  component: Outlet,
  notFoundComponent: () => (
    <PublicFrame>
      <NotFoundPage />
    </PublicFrame>
  ),
})
