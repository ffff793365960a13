import { createRoute } from '@tanstack/react-router'
import { PublicLayout } from '@/components/layout/public-layout'
import { createAboutRoute } from '@/features/about/about-route'
import { createAuthRoutes } from '@/features/auth/auth-routes'
import { createNotFoundRoute } from '@/features/errors/not-found-route'
import { createHomeRoute } from '@/features/home/home-route'
import { createPricingRoute } from '@/features/pricing/pricing-route'
import { createSetupRoute } from '@/features/setup/setup-route'
import { loadRouteNamespaces } from '@/i18n/route-namespaces'
import { rootRoute } from './root-route'

// Each feature builds its own route(s) (features/<name>/<name>-route.tsx), loading its page lazily
// as its own chunk; this file only puts them under the public layout.

/** Public pages use the top bar only (no side navigation), whether or not someone is logged in. */
export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  // The page's texts before it shows (see loadRouteNamespaces).
  beforeLoad: ({ location }) => loadRouteNamespaces('public', location.pathname),
  component: PublicLayout,
})

export const publicRoutes = publicLayout.addChildren([
  createHomeRoute(publicLayout),
  ...createAuthRoutes(publicLayout),
  createPricingRoute(publicLayout),
  createAboutRoute(publicLayout),
  createSetupRoute(publicLayout),
  // Any other path: the spec's not-found page.
  createNotFoundRoute(publicLayout),
])
