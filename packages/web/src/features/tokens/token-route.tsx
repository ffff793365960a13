import { createRoute, lazyRouteComponent, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { tokenSearchSchema } from './token-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const TokensPage = lazyRouteComponent(() => import('./tokens-page'), 'TokensPage')

/** /token under the console's protected layout, with its filters and page in the search params. */
export function createTokenRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'token',
    validateSearch: tokenSearchSchema,
    component: function TokenRoute() {
      const navigate = useNavigate()
      return (
        <TokensPage
          search={route.useSearch()}
          onSearchChange={(search) => void navigate({ to: '/token', search, replace: true })}
        />
      )
    },
  })
  return route
}
