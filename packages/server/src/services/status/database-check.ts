import { pingDatabase } from '../../db/queries/health.ts'
import type { Services } from '../container.ts'

/** GET /api/status/test: one round trip to the main database; throws when it does not answer. */
export const checkDatabase = (services: Services): Promise<void> => pingDatabase(services.db)
