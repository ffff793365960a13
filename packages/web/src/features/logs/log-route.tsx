import { createRoute, lazyRouteComponent, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { logSearchSchema } from './log-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const LogsPage = lazyRouteComponent(() => import('./logs-page'), 'LogsPage')

/** /log under the console's protected layout, with its filters in the search params. */
export function createLogRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'log',
    validateSearch: logSearchSchema,
    component: function LogRoute() {
      const navigate = useNavigate()
      return (
        <LogsPage
          search={route.useSearch()}
          onSearchChange={(search) => void navigate({ to: '/log', search, replace: true })}
        />
      )
    },
  })
  return route
}
