import { createRoute, lazyRouteComponent, useChildMatches, useNavigate, type AnyRoute } from '@tanstack/react-router'
import type { UserEditorTarget } from './user-editor-drawer'
import { userSearchSchema, type UserSearch } from './user-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const UsersPage = lazyRouteComponent(() => import('./users-page'), 'UsersPage')

/**
 * /user, /user/edit (add) and /user/edit/:id (edit): one page, the side panel named by the address,
 * so that an edit link can be shared and the back button closes the panel. The two panel addresses
 * are children of the list's route, so the page stays mounted as the panel opens and closes (and
 * the panel can slide out); they render nothing themselves, the page reads which one is matched.
 */
export function createUserRoutes<TParent extends AnyRoute>(parent: TParent) {
  const list = createRoute({
    getParentRoute: () => parent,
    path: 'user',
    validateSearch: userSearchSchema,
    component: function UserRoute() {
      const search: UserSearch = list.useSearch()
      const navigate = useNavigate()
      const editor = useChildMatches({ select: (matches) => editorOf(matches[0]) })
      return (
        <UsersPage
          search={search}
          editor={editor}
          onSearchChange={(next) => void navigate({ to: '/user', search: next, replace: true })}
          onEditorChange={(next) => {
            if (!next) return void navigate({ to: '/user', search })
            if (next.mode === 'create') return void navigate({ to: '/user/edit', search })
            void navigate({ to: '/user/edit/$id', params: { id: String(next.id) }, search })
          }}
        />
      )
    },
  })
  const add = createRoute({ getParentRoute: () => list, path: 'edit', component: () => null })
  const edit = createRoute({ getParentRoute: () => list, path: 'edit/$id', component: () => null })

  function editorOf(match: { routeId: string; params: Record<string, string> } | undefined): UserEditorTarget | null {
    if (match?.routeId === add.id) return { mode: 'create' }
    if (match?.routeId !== edit.id) return null
    const id = Number(match.params.id)
    return Number.isSafeInteger(id) && id > 0 ? { mode: 'edit', id } : null
  }
  return list.addChildren([add, edit])
}
