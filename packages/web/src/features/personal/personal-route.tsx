import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const PersonalPage = lazyRouteComponent(() => import('./personal-page'), 'PersonalPage')

/** /personal under the console's protected layout. */
export const createPersonalRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: 'personal', component: PersonalPage })
