import { createRoute, type AnyRoute } from '@tanstack/react-router'
import { NotFoundPage } from './not-found-page'

/** Any other path under the public layout: the spec's not-found page (small, so not a chunk of its own). */
export const createNotFoundRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: '$', component: NotFoundPage })
