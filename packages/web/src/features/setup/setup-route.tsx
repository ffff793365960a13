import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const SetupPage = lazyRouteComponent(() => import('./setup-page'), 'SetupPage')

/** /setup (the first run's root account) under the public layout. */
export const createSetupRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: 'setup', component: SetupPage })
