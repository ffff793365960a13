import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { createAppRouter } from '@/routes/router'
import { createTestQueryClient, Providers } from './render'

/** The whole console (its real route tree) opened at `path`, for tests of routing, guards and page states. */
export async function renderAppAt(path: string) {
  const client = createTestQueryClient()
  const router = createAppRouter(client, createMemoryHistory({ initialEntries: [path] }))
  await router.load()
  render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  )
  return router
}
