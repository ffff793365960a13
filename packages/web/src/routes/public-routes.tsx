import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PublicLayout } from '@/components/layout/public-layout'
import { parseAuthSearch } from '@/features/auth/auth-search'
import { parseResetConfirmSearch } from '@/features/auth/reset-confirm-search'
import { NotFoundPage } from '@/features/errors/not-found-page'
import { loadRouteNamespaces } from '@/i18n/route-namespaces'
import { rootRoute } from './root-route'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const AboutPage = lazyRouteComponent(() => import('@/features/about/about-page'), 'AboutPage')
const LoginPage = lazyRouteComponent(() => import('@/features/auth/login-page'), 'LoginPage')
const OAuthCallbackPage = lazyRouteComponent(() => import('@/features/auth/oauth-callback-page'), 'OAuthCallbackPage')
const RegisterPage = lazyRouteComponent(() => import('@/features/auth/register-page'), 'RegisterPage')
const ResetConfirmPage = lazyRouteComponent(() => import('@/features/auth/reset-confirm-page'), 'ResetConfirmPage')
const ResetRequestPage = lazyRouteComponent(() => import('@/features/auth/reset-request-page'), 'ResetRequestPage')
const HomePage = lazyRouteComponent(() => import('@/features/home/home-page'), 'HomePage')
// The route's component itself is the lazy one (wrapped after loading), so the router preloads it before rendering.
const PricingPage = lazyRouteComponent(() =>
  import('@/features/pricing/pricing-page').then(({ PricingPage: Page }) => ({
    PricingPage: () => (
      <PublicContainer>
        <Page />
      </PublicContainer>
    ),
  })),
'PricingPage')
const SetupPage = lazyRouteComponent(() => import('@/features/setup/setup-page'), 'SetupPage')

/** Public pages use the top bar only (no side navigation), whether or not someone is logged in. */
export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  // The page's texts before it shows (see loadRouteNamespaces).
  beforeLoad: ({ location }) => loadRouteNamespaces('public', location.pathname),
  component: PublicLayout,
})

function PublicContainer({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-8 sm:py-8">{children}</div>
}

const oauthSearch = (search: Record<string, unknown>) => ({
  code: typeof search.code === 'string' ? search.code : undefined,
  state: typeof search.state === 'string' ? search.state : undefined,
})

const homeRoute = createRoute({ getParentRoute: () => publicLayout, path: '/', component: HomePage })

const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'login',
  validateSearch: parseAuthSearch,
  component: function LoginRoute() {
    return <LoginPage search={loginRoute.useSearch()} />
  },
})

const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'register',
  validateSearch: parseAuthSearch,
  component: function RegisterRoute() {
    return <RegisterPage search={registerRoute.useSearch()} />
  },
})

const resetConfirmRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'user/reset',
  validateSearch: parseResetConfirmSearch,
  component: function ResetConfirmRoute() {
    return <ResetConfirmPage search={resetConfirmRoute.useSearch()} />
  },
})

const githubCallbackRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'oauth/github',
  validateSearch: oauthSearch,
  component: function GitHubCallbackRoute() {
    const { code, state } = githubCallbackRoute.useSearch()
    return <OAuthCallbackPage provider="github" code={code} state={state} />
  },
})

const linuxdoCallbackRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'oauth/linuxdo',
  validateSearch: oauthSearch,
  component: function LinuxDoCallbackRoute() {
    const { code, state } = linuxdoCallbackRoute.useSearch()
    return <OAuthCallbackPage provider="linuxdo" code={code} state={state} />
  },
})

export const publicRoutes = publicLayout.addChildren([
  homeRoute,
  loginRoute,
  registerRoute,
  createRoute({ getParentRoute: () => publicLayout, path: 'reset', component: ResetRequestPage }),
  resetConfirmRoute,
  githubCallbackRoute,
  linuxdoCallbackRoute,
  createRoute({ getParentRoute: () => publicLayout, path: 'pricing', component: PricingPage }),
  createRoute({ getParentRoute: () => publicLayout, path: 'about', component: AboutPage }),
  createRoute({ getParentRoute: () => publicLayout, path: 'setup', component: SetupPage }),
  // Any other path: the spec's not-found page.
  createRoute({ getParentRoute: () => publicLayout, path: '$', component: NotFoundPage }),
])
