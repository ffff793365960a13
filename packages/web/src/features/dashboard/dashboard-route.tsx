import { createRoute, lazyRouteComponent, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { dashboardSearchSchema } from './dashboard-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const DashboardPage = lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage')

/** /detail under the console's protected layout, with its range and granularity in the search params. */
export function createDashboardRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'detail',
    validateSearch: dashboardSearchSchema,
    component: function DashboardRoute() {
      const navigate = useNavigate()
      return (
        <DashboardPage
          search={route.useSearch()}
          onSearchChange={(search) => void navigate({ to: '/detail', search, replace: true })}
        />
      )
    },
  })
  return route
}
