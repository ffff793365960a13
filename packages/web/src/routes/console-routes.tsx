import { createRoute, redirect } from '@tanstack/react-router'
import { ConsoleLayout } from '@/components/layout/console-layout'
import { createChannelRoutes } from '@/features/channels/channel-routes'
import { createChat2LinkRoute, createChatRoutes } from '@/features/chat/chat-routes'
import { createDashboardRoute } from '@/features/dashboard/dashboard-route'
import { createLogRoute } from '@/features/logs/log-route'
import { createMidjourneyRoute } from '@/features/midjourney/midjourney-route'
import { createPersonalRoute } from '@/features/personal/personal-route'
import { createPlaygroundRoute } from '@/features/playground/playground-route'
import { createRedemptionRoute } from '@/features/redemptions/redemption-route'
import { createSettingRoute } from '@/features/settings/setting-route'
import { createTaskRoute } from '@/features/tasks/task-route'
import { createTokenRoute } from '@/features/tokens/token-route'
import { createUserRoutes } from '@/features/users/user-routes'
import { createWalletRoute } from '@/features/wallet/wallet-route'
import { loadRouteNamespaces } from '@/i18n/route-namespaces'
import { getStoredUser, sessionEndedByServer } from '@/lib/session'
import { RoleGate } from './role-gate'
import { rootRoute } from './root-route'

// Each feature builds its own route(s) (features/<name>/<name>-route.tsx), loading its page lazily
// as its own chunk; this file only puts them under the console's layouts.

/** Console pages: the side navigation appears here for logged-in users. */
export const consoleLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  // Before every navigation (beforeLoad is awaited each time, a loader may be reused stale): the
  // texts of the shell and of the page about to show, so it never renders a raw key.
  beforeLoad: ({ location }) => loadRouteNamespaces('console', location.pathname),
  component: ConsoleLayout,
})

/** Spec §2: these pages need a stored user; without one the browser goes to /login. */
const protectedLayout = createRoute({
  getParentRoute: () => consoleLayout,
  id: 'protected',
  beforeLoad: () => {
    // A 401 during this very load (the shell's own calls) may clear the user before this guard runs;
    // the visitor must still see why they were sent away.
    if (!getStoredUser()) throw redirect({ to: '/login', search: sessionEndedByServer() ? { expired: true } : {} })
  },
  component: RoleGate,
})

export const consoleRoutes = consoleLayout.addChildren([
  ...createChatRoutes(consoleLayout),
  protectedLayout.addChildren([
    createTokenRoute(protectedLayout),
    createChannelRoutes(protectedLayout),
    createRedemptionRoute(protectedLayout),
    createPlaygroundRoute(protectedLayout),
    createLogRoute(protectedLayout),
    createDashboardRoute(protectedLayout),
    createMidjourneyRoute(protectedLayout),
    createTaskRoute(protectedLayout),
    createWalletRoute(protectedLayout),
    createChat2LinkRoute(protectedLayout),
    createUserRoutes(protectedLayout),
    createSettingRoute(protectedLayout),
    createPersonalRoute(protectedLayout),
  ]),
])
