import { isTaskStatus, type TaskRecord, type TaskStatus } from '@gateway/shared'

export type TaskStatusKey = 'submitting' | TaskStatus | 'unknown'
export type BadgeTone = 'info' | 'success' | 'warning' | 'danger' | 'muted' | 'purple'

/** Spec §4: an empty status shows as submitting; unlisted ones as unknown. */
export function statusKey(status: string): TaskStatusKey {
  if (!status) return 'submitting'
  return isTaskStatus(status) ? status : 'unknown'
}

/** The console palette: done green, failed red, waiting amber, running blue. */
export function statusTone(key: TaskStatusKey): BadgeTone {
  switch (key) {
    case 'SUCCESS':
      return 'success'
    case 'FAILURE':
      return 'danger'
    case 'IN_PROGRESS':
    case 'submitting':
      return 'info'
    case 'NOT_START':
    case 'SUBMITTED':
    case 'QUEUED':
      return 'warning'
    default:
      return 'muted'
  }
}

export const actionKey = (action: string): 'MUSIC' | 'LYRICS' | 'unknown' =>
  action === 'MUSIC' || action === 'LYRICS' ? action : 'unknown'
export const platformKey = (platform: string): 'suno' | 'unknown' => (platform === 'suno' ? 'suno' : 'unknown')

/** The number of a progress like "40%" (0 to 100), or undefined when the text is not a percentage. */
export function progressPercent(progress: string): number | undefined {
  const match = /^\s*(\d{1,3}(?:\.\d+)?)\s*%\s*$/.exec(progress)
  if (!match) return undefined
  const value = Number(match[1])
  return value <= 100 ? value : undefined
}

/** Seconds from submit to finish; undefined while the task is not finished. */
export function taskDuration(record: Pick<TaskRecord, 'submit_time' | 'finish_time'>): number | undefined {
  if (!record.submit_time || !record.finish_time) return undefined
  return Math.max(0, record.finish_time - record.submit_time)
}

/** The full record as the task-id dialog shows it. */
export const formatRecord = (record: TaskRecord): string => JSON.stringify(record, null, 2)
