import { createUserInput, listUsersQuery, manageUserInput, ok, updateUserInput } from '@gateway/shared'
import { Hono, type Context, type Next } from 'hono'
import type { HonoEnv } from '../../context.ts'
import { adminAuth, type TaggedMiddleware } from '../../middleware/auth.ts'
import { readJson } from '../../middleware/json-body.ts'
import { createUserByAdmin, hardDeleteUserAsAdmin, updateUserAsAdmin } from '../../services/users/admin-edit-user.ts'
import { getUserForAdmin, listUsers } from '../../services/users/list-users.ts'
import { manageUser } from '../../services/users/manage-user.ts'
import type { Actor } from '../../services/users/user-guards.ts'
import { readId, readQuery } from './route-params.ts'

const actorOf = (c: Context<HonoEnv>): Actor => ({ id: c.get('user').id, role: c.get('user').role })

/**
 * `/:id` must never answer for the fixed paths of /api/user (self, token, aff, models, setting...),
 * whichever file registers them and in whatever order. A non-numeric segment therefore passes on to
 * the next matching route before any check runs, and the route is admin-only for numbers alone.
 */
const isNumericId = (c: Context<HonoEnv>) => /^\d+$/.test(c.req.param('id') ?? '')
const adminForNumericId: TaggedMiddleware = Object.assign(
  (c: Context<HonoEnv>, next: Next) => (isNumericId(c) ? adminAuth(c, next) : next()),
  { access: 'admin' as const }
)
const byNumericId =
  (handler: (c: Context<HonoEnv>) => Promise<Response>) =>
  async (c: Context<HonoEnv>, next: Next): Promise<Response | void> =>
    isNumericId(c) ? handler(c) : next()

/** /api/user (admin): the user-management page's calls. Mounted after the self-service routes. */
export const userAdminRoutes = new Hono<HonoEnv>()
  .get('/', adminAuth, async (c) => c.json(ok(await listUsers(c.get('services'), readQuery(c, listUsersQuery)))))
  .get('/search', adminAuth, async (c) => c.json(ok(await listUsers(c.get('services'), readQuery(c, listUsersQuery)))))
  .post('/', adminAuth, async (c) => {
    const input = await readJson(c, createUserInput)
    await createUserByAdmin(c.get('services'), actorOf(c), input)
    return c.json(ok(null))
  })
  .put('/', adminAuth, async (c) => {
    const input = await readJson(c, updateUserInput)
    await updateUserAsAdmin(c.get('services'), actorOf(c), input)
    return c.json(ok(null))
  })
  .post('/manage', adminAuth, async (c) => {
    const { id, action } = await readJson(c, manageUserInput)
    return c.json(ok(await manageUser(c.get('services'), actorOf(c), id, action)))
  })
  .get(
    '/:id',
    adminForNumericId,
    byNumericId(async (c) =>
      c.json(ok(await getUserForAdmin(c.get('services'), actorOf(c), readId(c, 'user.not_found'))))
    )
  )
  .delete(
    '/:id',
    adminForNumericId,
    byNumericId(async (c) => {
      await hardDeleteUserAsAdmin(c.get('services'), actorOf(c), readId(c, 'user.not_found'))
      return c.json(ok(null))
    })
  )
