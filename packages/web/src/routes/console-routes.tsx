import { createRoute, redirect, lazyRouteComponent } from '@tanstack/react-router'
import { ConsoleLayout } from '@/components/layout/console-layout'
import { channelAddSearchSchema, channelsSearchSchema } from '@/features/channels/channel-search'
import { createDashboardRoute } from '@/features/dashboard/dashboard-route'
import { createLogRoute } from '@/features/logs/log-route'
import { createMidjourneyRoute } from '@/features/midjourney/midjourney-route'
import { createTaskRoute } from '@/features/tasks/task-route'
import { redemptionSearchSchema } from '@/features/redemptions/redemption-search'
import { settingSearchSchema } from '@/features/settings/setting-tabs'
import { tokenSearchSchema } from '@/features/tokens/token-search'
import { createUserRoutes } from '@/features/users/user-routes'
import { loadRouteNamespaces } from '@/i18n/route-namespaces'
import { getStoredUser } from '@/lib/session'
import { RoleGate } from './role-gate'
import { rootRoute } from './root-route'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const ChannelEditorRoute = lazyRouteComponent(() => import('@/features/channels/channel-editor-page'), 'ChannelEditorRoute')
const ChannelsPage = lazyRouteComponent(() => import('@/features/channels/channels-page'), 'ChannelsPage')
const Chat2LinkPage = lazyRouteComponent(() => import('@/features/chat/chat2link-page'), 'Chat2LinkPage')
const ChatPage = lazyRouteComponent(() => import('@/features/chat/chat-page'), 'ChatPage')
const PersonalPage = lazyRouteComponent(() => import('@/features/personal/personal-page'), 'PersonalPage')
const PlaygroundPage = lazyRouteComponent(() => import('@/features/playground/playground-page'), 'PlaygroundPage')
const RedemptionsPage = lazyRouteComponent(() => import('@/features/redemptions/redemptions-page'), 'RedemptionsPage')
const SettingPage = lazyRouteComponent(() => import('@/features/settings/setting-page'), 'SettingPage')
const TokensPage = lazyRouteComponent(() => import('@/features/tokens/tokens-page'), 'TokensPage')
const WalletPage = lazyRouteComponent(() => import('@/features/wallet/wallet-page'), 'WalletPage')

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
    if (!getStoredUser()) throw redirect({ to: '/login' })
  },
  component: RoleGate,
})

const settingRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'setting',
  validateSearch: settingSearchSchema,
  component: function SettingRoute() {
    return <SettingPage tab={settingRoute.useSearch().tab} />
  },
})

const tokenRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'token',
  validateSearch: tokenSearchSchema,
  component: function TokenRoute() {
    const navigate = tokenRoute.useNavigate()
    return <TokensPage search={tokenRoute.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />
  },
})

const redemptionRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'redemption',
  validateSearch: redemptionSearchSchema,
  component: function RedemptionRoute() {
    const navigate = redemptionRoute.useNavigate()
    return (
      <RedemptionsPage search={redemptionRoute.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />
    )
  },
})

const chatRoute = createRoute({
  getParentRoute: () => consoleLayout,
  path: 'chat/$id',
  component: function ChatRoute() {
    return <ChatPage id={chatRoute.useParams().id} />
  },
})

const channelRoute = createRoute({
  getParentRoute: () => protectedLayout,
  path: 'channel',
  validateSearch: channelsSearchSchema,
  component: function ChannelRoute() {
    const navigate = channelRoute.useNavigate()
    return <ChannelsPage search={channelRoute.useSearch()} onSearchChange={(search) => void navigate({ search, replace: true })} />
  },
})

const channelAddRoute = createRoute({
  getParentRoute: () => channelRoute,
  path: 'add',
  validateSearch: channelAddSearchSchema,
  component: function ChannelAddRoute() {
    return <ChannelEditorRoute mode="create" copyFrom={channelAddRoute.useSearch().copy} />
  },
})

const channelEditRoute = createRoute({
  getParentRoute: () => channelRoute,
  path: 'edit/$id',
  component: function ChannelEditRoute() {
    return <ChannelEditorRoute mode="edit" channelId={Number(channelEditRoute.useParams().id)} />
  },
})

export const consoleRoutes = consoleLayout.addChildren([
  createRoute({ getParentRoute: () => consoleLayout, path: 'chat', component: () => <ChatPage id="0" /> }),
  chatRoute,
  protectedLayout.addChildren([
    tokenRoute,
    channelRoute.addChildren([channelAddRoute, channelEditRoute]),
    redemptionRoute,
    createRoute({ getParentRoute: () => protectedLayout, path: 'playground', component: PlaygroundPage }),
    createLogRoute(protectedLayout),
    createDashboardRoute(protectedLayout),
    createMidjourneyRoute(protectedLayout),
    createTaskRoute(protectedLayout),
    createRoute({ getParentRoute: () => protectedLayout, path: 'topup', component: WalletPage }),
    createRoute({ getParentRoute: () => protectedLayout, path: 'chat2link', component: Chat2LinkPage }),
    ...createUserRoutes(protectedLayout),
    settingRoute,
    createRoute({ getParentRoute: () => protectedLayout, path: 'personal', component: PersonalPage }),
  ]),
])
