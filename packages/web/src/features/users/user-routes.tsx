import { createRoute, lazyRouteComponent, useNavigate, useParams, type AnyRoute } from '@tanstack/react-router'
import type { UserEditorTarget } from './user-editor-drawer'
import { userSearchSchema, type UserSearch } from './user-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const UsersPage = lazyRouteComponent(() => import('./users-page'), 'UsersPage')

/**
 * /user, /user/edit (add) and /user/edit/:id (edit): one page, the side panel named by the address,
 * so that an edit link can be shared and the back button closes the panel.
 */
export function createUserRoutes<TParent extends AnyRoute>(parent: TParent) {
  function UserRoute({ search, editor }: { search: UserSearch; editor: UserEditorTarget | null }) {
    const navigate = useNavigate()
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
  }
  const list = createRoute({
    getParentRoute: () => parent,
    path: 'user',
    validateSearch: userSearchSchema,
    component: () => <UserRoute search={list.useSearch()} editor={null} />,
  })
  const add = createRoute({
    getParentRoute: () => parent,
    path: 'user/edit',
    validateSearch: userSearchSchema,
    component: () => <UserRoute search={add.useSearch()} editor={{ mode: 'create' }} />,
  })
  const edit = createRoute({
    getParentRoute: () => parent,
    path: 'user/edit/$id',
    validateSearch: userSearchSchema,
    component: function UserEditRoute() {
      const id = Number(useParams({ strict: false }).id)
      return (
        <UserRoute
          search={edit.useSearch()}
          editor={Number.isSafeInteger(id) && id > 0 ? { mode: 'edit', id } : null}
        />
      )
    },
  })
  return [list, add, edit] as const
}
