import { createRoute, useNavigate, type AnyRoute } from '@tanstack/react-router'
import { taskSearchSchema } from './task-search'
import { TasksPage } from './tasks-page'

/** /task under the console's protected layout, with its filters in the search params. */
export function createTaskRoute<TParent extends AnyRoute>(parent: TParent) {
  const route = createRoute({
    getParentRoute: () => parent,
    path: 'task',
    validateSearch: taskSearchSchema,
    component: function TaskRoute() {
      const navigate = useNavigate()
      return <TasksPage search={route.useSearch()} onSearchChange={(search) => void navigate({ to: '/task', search, replace: true })} />
    },
  })
  return route
}
