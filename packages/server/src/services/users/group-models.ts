import { listEnabledModelsInGroups } from '../../db/queries/abilities.ts'
import type { Services } from '../container.ts'

/** GET /api/user/models: the models enabled on some channel of the groups the user may use. */
export const listModelsOfGroups = (services: Services, groups: string[]) =>
  listEnabledModelsInGroups(services.db, groups)
