import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const WalletPage = lazyRouteComponent(() => import('./wallet-page'), 'WalletPage')

/** /topup (the reference's address of the wallet) under the console's protected layout. */
export const createWalletRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: 'topup', component: WalletPage })
