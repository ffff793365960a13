import { findUserTasks, type TaskRow } from '../../db/queries/tasks.ts'
import type { Services } from '../../services/container.ts'

/** The caller's tasks of a platform among the ids asked for. */
export const findOwnTasks = (
  services: Services,
  userId: number,
  platform: string,
  taskIds: readonly string[]
): Promise<TaskRow[]> => findUserTasks(services.db, userId, platform, taskIds)
