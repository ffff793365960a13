import { createRoute, lazyRouteComponent, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { redemptionSearchSchema } from './redemption-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const RedemptionsPage = lazyRouteComponent(() => import('./redemptions-page'), 'RedemptionsPage')

/** /redemption under the console's protected layout, with its filters and page in the search params. */
export function createRedemptionRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'redemption',
    validateSearch: redemptionSearchSchema,
    component: function RedemptionRoute() {
      const navigate = useNavigate()
      return (
        <RedemptionsPage
          search={route.useSearch()}
          onSearchChange={(search) => void navigate({ to: '/redemption', search, replace: true })}
        />
      )
    },
  })
  return route
}
