import { createRoute, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { MidjourneyPage } from './midjourney-page'
import { mjSearchSchema } from './mj-search'

/** /midjourney under the console's protected layout, with its filters in the search params. */
export function createMidjourneyRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'midjourney',
    validateSearch: mjSearchSchema,
    component: function MidjourneyRoute() {
      const navigate = useNavigate()
      return <MidjourneyPage search={route.useSearch()} onSearchChange={(search) => void navigate({ to: '/midjourney', search, replace: true })} />
    },
  })
  return route
}
