import { createRoute, redirect } from '@tanstack/react-router'
import { ConsoleLayout } from '@/components/layout/console-layout'
import { PlaceholderPage, type PageTitleKey } from '@/features/placeholder/placeholder-page'
import { SettingPage } from '@/features/settings/setting-page'
import { settingSearchSchema } from '@/features/settings/setting-tabs'
import { getStoredUser } from '@/lib/session'
import { rootRoute } from './root-route'

/** Console pages: the side navigation appears here for logged-in users. */
export const consoleLayout = createRoute({ getParentRoute: () => rootRoute, id: 'console', component: ConsoleLayout })

/** Spec §2: these pages need a stored user; without one the browser goes to /login. */
const protectedLayout = createRoute({
  getParentRoute: () => consoleLayout,
  id: 'protected',
  beforeLoad: () => {
    if (!getStoredUser()) throw redirect({ to: '/login' })
  },
})

const placeholder = (titleKey: PageTitleKey) => () => <PlaceholderPage titleKey={titleKey} />

const page = (path: string, titleKey: PageTitleKey) =>
  createRoute({ getParentRoute: () => protectedLayout, path, component: placeholder(titleKey) })

const settingRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'setting',
  validateSearch: settingSearchSchema,
  component: function SettingRoute() {
    return <SettingPage tab={settingRoute.useSearch().tab} />
  },
})

export const consoleRoutes = consoleLayout.addChildren([
  createRoute({ getParentRoute: () => consoleLayout, path: 'chat', component: placeholder('chat') }),
  createRoute({ getParentRoute: () => consoleLayout, path: 'chat/$id', component: placeholder('chat') }),
  protectedLayout.addChildren([
    page('token', 'token'),
    page('channel', 'channel'),
    page('channel/edit/$id', 'channelEdit'),
    page('channel/add', 'channelAdd'),
    page('redemption', 'redemption'),
    page('playground', 'playground'),
    page('log', 'log'),
    page('detail', 'detail'),
    page('midjourney', 'midjourney'),
    page('task', 'task'),
    page('topup', 'topup'),
    page('chat2link', 'chat2link'),
    page('user', 'user'),
    page('user/edit/$id', 'userEdit'),
    page('user/edit', 'userAdd'),
    settingRoute,
    page('personal', 'personal'),
  ]),
])
