import {
  listQuotaDataByModel,
  listQuotaDataByUserId,
  listQuotaDataByUsername,
  type QuotaDataRange,
} from '../../db/queries/quota-data.ts'
import type { Services } from '../container.ts'

export type { QuotaDataRange }

/** The dashboard's hourly rollups of every user summed per model, or of one user by username. */
export const listQuotaData = (services: Services, username: string, range: QuotaDataRange) =>
  username ? listQuotaDataByUsername(services.db, username, range) : listQuotaDataByModel(services.db, range)

/** The signed-in user's own hourly rollups. */
export const listOwnQuotaData = (services: Services, userId: number, range: QuotaDataRange) =>
  listQuotaDataByUserId(services.db, userId, range)
