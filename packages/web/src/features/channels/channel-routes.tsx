import { createRoute, lazyRouteComponent, useChildMatches, useNavigate, type AnyRoute } from '@tanstack/react-router'
import type { ChannelEditorTarget } from './channel-editor-host'
import { channelAddSearchSchema, channelsSearchSchema, type ChannelsSearch } from './channel-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const ChannelsPage = lazyRouteComponent(() => import('./channels-page'), 'ChannelsPage')

/**
 * /channel and its drawers, /channel/add (?copy=id) and /channel/edit/$id. The drawers' addresses
 * are children of the list's route and render nothing: the list page renders the drawer for the
 * matched one, so the page stays mounted and the drawer slides out when the address is left.
 */
export function createChannelRoutes<TParent extends AnyRoute>(parent: TParent) {
  const list = createRoute({
    getParentRoute: () => parent,
    path: 'channel',
    validateSearch: channelsSearchSchema,
    component: function ChannelRoute() {
      const search: ChannelsSearch = list.useSearch()
      const navigate = useNavigate()
      const editor = useChildMatches({ select: (matches) => editorOf(matches[0]) })
      return (
        <ChannelsPage
          search={search}
          editor={editor}
          onSearchChange={(next) => void navigate({ to: '/channel', search: next, replace: true })}
        />
      )
    },
  })
  const add = createRoute({
    getParentRoute: () => list,
    path: 'add',
    validateSearch: channelAddSearchSchema,
    component: () => null,
  })
  const edit = createRoute({ getParentRoute: () => list, path: 'edit/$id', component: () => null })

  function editorOf(
    match: { routeId: string; params: Record<string, string>; search: object } | undefined
  ): ChannelEditorTarget | null {
    if (match?.routeId === add.id) return { mode: 'create', copyFrom: (match.search as { copy?: number }).copy }
    if (match?.routeId === edit.id) return { mode: 'edit', channelId: Number(match.params.id) }
    return null
  }
  return list.addChildren([add, edit])
}
