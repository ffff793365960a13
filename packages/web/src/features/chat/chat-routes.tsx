import { createRoute, lazyRouteComponent, useParams, type AnyRoute } from '@tanstack/react-router'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const ChatPage = lazyRouteComponent(() => import('./chat-page'), 'ChatPage')
const Chat2LinkPage = lazyRouteComponent(() => import('./chat2link-page'), 'Chat2LinkPage')

/** /chat and /chat/$id: the chat page, which asks for a login itself, under the console layout. */
export function createChatRoutes<TParent extends AnyRoute>(parent: TParent) {
  const chat = createRoute({ getParentRoute: () => parent, path: 'chat', component: () => <ChatPage id="0" /> })
  const chatById = createRoute({
    getParentRoute: () => parent,
    path: 'chat/$id',
    component: function ChatRoute() {
      return <ChatPage id={useParams({ strict: false }).id ?? '0'} />
    },
  })
  return [chat, chatById] as const
}

/** /chat2link under the console's protected layout. */
export const createChat2LinkRoute = <TParent extends AnyRoute>(parent: TParent) =>
  createRoute({ getParentRoute: () => parent, path: 'chat2link', component: Chat2LinkPage })
