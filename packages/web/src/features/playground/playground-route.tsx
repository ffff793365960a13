import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const PlaygroundPage = lazyRouteComponent(() => import('./playground-page'), 'PlaygroundPage')

/** /playground under the console's protected layout. */
export const createPlaygroundRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: 'playground', component: PlaygroundPage })
