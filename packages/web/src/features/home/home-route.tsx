import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const HomePage = lazyRouteComponent(() => import('./home-page'), 'HomePage')

/** / under the public layout. */
export const createHomeRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: '/', component: HomePage })
