import {
  createRoute,
  lazyRouteComponent,
  useNavigate,
  useParams,
  useSearch,
  type AnyRoute,
} from '@tanstack/react-router'
import { channelAddSearchSchema, channelsSearchSchema } from './channel-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const ChannelsPage = lazyRouteComponent(() => import('./channels-page'), 'ChannelsPage')
const ChannelEditorPage = lazyRouteComponent(() => import('./channel-editor-page'), 'ChannelEditorPage')

/**
 * /channel under the console's protected layout, with its filters in the search params, and its
 * editor drawer as child routes (/channel/add, /channel/edit/$id) so that the list stays behind it.
 */
export function createChannelRoutes<TParent extends AnyRoute>(parent: TParent) {
  const list = createRoute({
    getParentRoute: () => parent,
    path: 'channel',
    validateSearch: channelsSearchSchema,
    component: function ChannelRoute() {
      const navigate = useNavigate()
      return (
        <ChannelsPage
          search={list.useSearch()}
          onSearchChange={(search) => void navigate({ to: '/channel', search, replace: true })}
        />
      )
    },
  })
  const add = createRoute({
    getParentRoute: () => list,
    path: 'add',
    validateSearch: channelAddSearchSchema,
    component: function ChannelAddRoute() {
      return <ChannelEditorPage mode="create" copyFrom={useSearch({ strict: false }).copy} />
    },
  })
  const edit = createRoute({
    getParentRoute: () => list,
    path: 'edit/$id',
    component: function ChannelEditRoute() {
      return <ChannelEditorPage mode="edit" channelId={Number(useParams({ strict: false }).id)} />
    },
  })
  return list.addChildren([add, edit])
}
