import { createRoute, redirect } from '@tanstack/react-router'
import { ConsoleLayout } from '@/components/layout/console-layout'
import { ChannelEditorRoute } from '@/features/channels/channel-editor-route'
import { channelAddSearchSchema, channelsSearchSchema } from '@/features/channels/channels-search'
import { ChannelsPage } from '@/features/channels/channels-page'
import { Chat2LinkPage } from '@/features/chat/chat2link-page'
import { ChatPage } from '@/features/chat/chat-page'
import { createDashboardRoute } from '@/features/dashboard/dashboard-route'
import { createLogRoute } from '@/features/logs/log-route'
import { createMidjourneyRoute } from '@/features/midjourney/midjourney-route'
import { createTaskRoute } from '@/features/tasks/task-route'
import { PersonalPage } from '@/features/personal/personal-page'
import { PlaygroundPage } from '@/features/playground/playground-page'
import { RedemptionsPage } from '@/features/redemptions/redemptions-page'
import { redemptionSearchSchema } from '@/features/redemptions/redemption-search'
import { SettingPage } from '@/features/settings/setting-page'
import { settingSearchSchema } from '@/features/settings/setting-tabs'
import { TokensPage } from '@/features/tokens/tokens-page'
import { tokenSearchSchema } from '@/features/tokens/token-search'
import { createUserRoutes } from '@/features/users/user-routes'
import { WalletPage } from '@/features/wallet/wallet-page'
import { getStoredUser } from '@/lib/session'
import { RoleGate } from './role-gate'
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
