import { listMidjourneys, type MidjourneyFilter } from '../../db/queries/midjourneys.ts'
import { listTaskPage, type TaskFilter, type TaskRow } from '../../db/queries/tasks.ts'
import type { Services } from '../container.ts'

export type { MidjourneyFilter, TaskFilter, TaskRow }

/** A page of music (and other platform) tasks for the console's task list. */
export const listTasks = (services: Services, filter: TaskFilter, page: { offset: number; limit: number }) =>
  listTaskPage(services.db, filter, page)

/** A page of drawing tasks for the console's drawing list. */
export const listDrawings = (services: Services, filter: MidjourneyFilter, offset: number, limit: number) =>
  listMidjourneys(services.db, filter, offset, limit)
