import { createRoute, lazyRouteComponent, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { taskSearchSchema } from './task-search'

// Each page is its own chunk, loaded when the route is first visited (first load stays small).
const TasksPage = lazyRouteComponent(() => import('./tasks-page'), 'TasksPage')

/** /task under the console's protected layout, with its filters in the search params. */
export function createTaskRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'task',
    validateSearch: taskSearchSchema,
    component: function TaskRoute() {
      const navigate = useNavigate()
      return (
        <TasksPage
          search={route.useSearch()}
          onSearchChange={(search) => void navigate({ to: '/task', search, replace: true })}
        />
      )
    },
  })
  return route
}
