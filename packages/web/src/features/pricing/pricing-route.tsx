import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router'
import type { ReactNode } from 'react'

function PublicContainer({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-8 sm:py-8">{children}</div>
}

// Its own chunk, loaded when the route is first visited. The route's component itself is the lazy
// one (wrapped after loading), so the router preloads it before rendering.
const PricingPage = lazyRouteComponent(
  () =>
    import('./pricing-page').then(({ PricingPage: Page }) => ({
      PricingPage: () => (
        <PublicContainer>
          <Page />
        </PublicContainer>
      ),
    })),
  'PricingPage'
)

/** /pricing under the public layout, in the public pages' width. */
export const createPricingRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: 'pricing', component: PricingPage })
