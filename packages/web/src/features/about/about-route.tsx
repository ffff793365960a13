import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const AboutPage = lazyRouteComponent(() => import('./about-page'), 'AboutPage')

/** /about under the public layout. */
export const createAboutRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: 'about', component: AboutPage })
