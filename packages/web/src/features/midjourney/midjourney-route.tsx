import { createRoute, lazyRouteComponent, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { mjSearchSchema } from './midjourney-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const MidjourneyPage = lazyRouteComponent(() => import('./midjourney-page'), 'MidjourneyPage')

/** /midjourney under the console's protected layout, with its filters in the search params. */
export function createMidjourneyRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'midjourney',
    validateSearch: mjSearchSchema,
    component: function MidjourneyRoute() {
      const navigate = useNavigate()
      return (
        <MidjourneyPage
          search={route.useSearch()}
          onSearchChange={(search) => void navigate({ to: '/midjourney', search, replace: true })}
        />
      )
    },
  })
  return route
}
