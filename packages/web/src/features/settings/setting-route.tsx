import { createRoute, lazyRouteComponent, useSearch, type AnyRoute } from '@tanstack/react-router'
import { settingSearchSchema, settingTabs } from './setting-tabs'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const SettingPage = lazyRouteComponent(() => import('./setting-page'), 'SettingPage')

/** /setting under the console's protected layout, with the open tab in the search params. */
export function createSettingRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'setting',
    validateSearch: settingSearchSchema,
    component: function SettingRoute() {
      // validateSearch always sets the tab; a non-strict read (the factory cannot name its full route id) types it optional.
      return <SettingPage tab={useSearch({ strict: false }).tab ?? settingTabs[0]} />
    },
  })
  return route
}
