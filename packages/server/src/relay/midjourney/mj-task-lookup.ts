import { findTaskByMjId, findUserTask, listUserTasks, type MidjourneyRow } from '../../db/queries/midjourneys.ts'
import type { Services } from '../../services/container.ts'

/** A drawing task by its upstream id, whoever owns it (the image proxy). */
export const findMjTask = (services: Services, mjId: string): Promise<MidjourneyRow | undefined> =>
  findTaskByMjId(services.db, mjId)

/** One of the caller's drawing tasks, by its upstream id. */
export const findOwnMjTask = (services: Services, userId: number, mjId: string): Promise<MidjourneyRow | undefined> =>
  findUserTask(services.db, userId, mjId)

/** The caller's drawing tasks among the ids asked for. */
export const listOwnMjTasks = (services: Services, userId: number, mjIds: string[]): Promise<MidjourneyRow[]> =>
  listUserTasks(services.db, userId, mjIds)
