import { createRoute, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { logSearchSchema } from './log-search'
import { LogsPage } from './logs-page'

/** /log under the console's protected layout, with its filters in the search params. */
export function createLogRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'log',
    validateSearch: logSearchSchema,
    component: function LogRoute() {
      const navigate = useNavigate()
      return <LogsPage search={route.useSearch()} onSearchChange={(search) => void navigate({ to: '/log', search, replace: true })} />
    },
  })
  return route
}
