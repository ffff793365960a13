import { MjSubmitCode } from '@gateway/shared'
import type { BadgeProps } from '@/components/ui/badge'

type Variant = NonNullable<BadgeProps['variant']>

/** The action kinds the page names (spec: drawing action kinds, plus VIDEO and EDITS of newer proxies). */
export const MJ_ACTIONS = [
  'IMAGINE',
  'UPSCALE',
  'VARIATION',
  'HIGH_VARIATION',
  'LOW_VARIATION',
  'PAN',
  'DESCRIBE',
  'BLEND',
  'UPLOAD',
  'SHORTEN',
  'REROLL',
  'INPAINT',
  'ZOOM',
  'CUSTOM_ZOOM',
  'MODAL',
  'SWAP_FACE',
  'VIDEO',
  'EDITS',
] as const
export type MjActionName = (typeof MJ_ACTIONS)[number]

export const MJ_STATUSES = ['NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'SUCCESS', 'FAILURE', 'MODAL'] as const
export type MjStatusName = (typeof MJ_STATUSES)[number]

export const MJ_CODES = [0, 1, 21, 22] as const

export const isMjAction = (value: string): value is MjActionName => (MJ_ACTIONS as readonly string[]).includes(value)
export const isMjStatus = (value: string): value is MjStatusName => (MJ_STATUSES as readonly string[]).includes(value)
export const isMjCode = (value: number): value is (typeof MJ_CODES)[number] =>
  (MJ_CODES as readonly number[]).includes(value)

const actionVariants: Record<MjActionName, Variant> = {
  IMAGINE: 'info',
  UPSCALE: 'warning',
  VARIATION: 'purple',
  HIGH_VARIATION: 'purple',
  LOW_VARIATION: 'purple',
  PAN: 'info',
  DESCRIBE: 'warning',
  BLEND: 'success',
  UPLOAD: 'info',
  SHORTEN: 'danger',
  REROLL: 'purple',
  INPAINT: 'purple',
  ZOOM: 'success',
  CUSTOM_ZOOM: 'success',
  MODAL: 'success',
  SWAP_FACE: 'success',
  VIDEO: 'info',
  EDITS: 'purple',
}

export const actionVariant = (action: string): Variant => (isMjAction(action) ? actionVariants[action] : 'muted')

/** Submit result: 1 submitted green, 21 waiting (lime in the reference) green, 22 duplicate amber, 0 not submitted amber. */
export function codeVariant(code: number): Variant {
  if (code === MjSubmitCode.submitted || code === MjSubmitCode.exists) return 'success'
  if (code === MjSubmitCode.queued || code === MjSubmitCode.notSubmitted) return 'warning'
  return 'muted'
}

/** The console palette: success green, failure red, queued and waiting amber, running blue, not started grey. */
export function statusVariant(status: string): Variant {
  switch (status) {
    case 'SUCCESS':
      return 'success'
    case 'FAILURE':
      return 'danger'
    case 'SUBMITTED':
    case 'MODAL':
      return 'warning'
    case 'IN_PROGRESS':
      return 'info'
    default:
      return 'muted'
  }
}

/** Seconds from submit to finish (times in ms), or undefined while the task runs. */
export function durationSeconds(task: { submit_time: number; finish_time: number }): number | undefined {
  if (!task.finish_time || !task.submit_time || task.finish_time < task.submit_time) return undefined
  return Math.round((task.finish_time - task.submit_time) / 100) / 10
}

/** Spec §9: a time over 60 s is shown red. */
export const durationTone = (seconds: number) => (seconds > 60 ? 'text-destructive' : 'text-success')

/** `"45%"` as 45, for the progress bar; undefined when the text is not a percentage. */
export function progressPercent(progress: string): number | undefined {
  const match = /^(\d{1,3}(?:\.\d+)?)%$/.exec(progress.trim())
  if (!match) return undefined
  return Math.min(100, Number(match[1]))
}
