import { createRoute, lazyRouteComponent, useSearch, type AnyRoute } from '@tanstack/react-router'
import { parseResetConfirmSearch } from './auth-reset-confirm-search'
import { parseAuthSearch } from './auth-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const LoginPage = lazyRouteComponent(() => import('./auth-login-page'), 'LoginPage')
const OAuthCallbackPage = lazyRouteComponent(() => import('./auth-oauth-callback-page'), 'OAuthCallbackPage')
const RegisterPage = lazyRouteComponent(() => import('./auth-register-page'), 'RegisterPage')
const ResetConfirmPage = lazyRouteComponent(() => import('./auth-reset-confirm-page'), 'ResetConfirmPage')
const ResetRequestPage = lazyRouteComponent(() => import('./auth-reset-request-page'), 'ResetRequestPage')

const oauthSearch = (search: Record<string, unknown>) => ({
  code: typeof search.code === 'string' ? search.code : undefined,
  state: typeof search.state === 'string' ? search.state : undefined,
})

/**
 * The sign-in pages under the public layout: /login, /register, /reset (ask for a link),
 * /user/reset (the mailed link) and the OAuth callbacks /oauth/github and /oauth/linuxdo.
 */
export function createAuthRoutes<TParent extends AnyRoute>(parent: TParent) {
  const login = createRoute({
    getParentRoute: () => parent,
    path: 'login',
    validateSearch: parseAuthSearch,
    component: function LoginRoute() {
      return <LoginPage search={login.useSearch()} />
    },
  })
  const register = createRoute({
    getParentRoute: () => parent,
    path: 'register',
    validateSearch: parseAuthSearch,
    component: function RegisterRoute() {
      return <RegisterPage search={register.useSearch()} />
    },
  })
  const resetRequest = createRoute({ getParentRoute: () => parent, path: 'reset', component: ResetRequestPage })
  const resetConfirm = createRoute({
    getParentRoute: () => parent,
    path: 'user/reset',
    validateSearch: parseResetConfirmSearch,
    component: function ResetConfirmRoute() {
      return <ResetConfirmPage search={resetConfirm.useSearch()} />
    },
  })
  const githubCallback = createRoute({
    getParentRoute: () => parent,
    path: 'oauth/github',
    validateSearch: oauthSearch,
    component: function GitHubCallbackRoute() {
      const { code, state } = useSearch({ strict: false })
      return <OAuthCallbackPage provider="github" code={code} state={state} />
    },
  })
  const linuxdoCallback = createRoute({
    getParentRoute: () => parent,
    path: 'oauth/linuxdo',
    validateSearch: oauthSearch,
    component: function LinuxDoCallbackRoute() {
      const { code, state } = useSearch({ strict: false })
      return <OAuthCallbackPage provider="linuxdo" code={code} state={state} />
    },
  })
  return [login, register, resetRequest, resetConfirm, githubCallback, linuxdoCallback] as const
}
