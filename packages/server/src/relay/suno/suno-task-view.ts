import type { TaskRow } from '../../db/queries/tasks.ts'

/** A task as the relay's fetch answers it (the reference's TaskDto). */
export interface SunoTaskView {
  task_id: string
  action: string
  status: string
  fail_reason: string
  submit_time: number
  start_time: number
  finish_time: number
  progress: string
  data: unknown
}

/** Stored JSON text back as JSON; text that is not JSON stays text, empty is null. */
export function parseStoredJson(text: string | null | undefined): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function toSunoTaskView(row: TaskRow): SunoTaskView {
  return {
    task_id: row.task_id,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    data: parseStoredJson(row.data),
  }
}
