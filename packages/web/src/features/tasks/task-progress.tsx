import { progressPercent } from './task-format'

const RADIUS = 14
const CIRCUMFERENCE = 2 * Math.PI * RADIUS

/** Spec: a circular indicator when the progress is a percentage, otherwise the raw text. */
export function TaskProgress({ progress }: { progress: string }) {
  const percent = progressPercent(progress)
  if (percent === undefined) return <span className="inline-block max-w-24 text-xs break-words">{progress}</span>
  return (
    <span
      className="relative inline-flex size-10 items-center justify-center"
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid="task-progress-circle"
    >
      <svg viewBox="0 0 36 36" className="absolute inset-0 size-10 -rotate-90" aria-hidden="true">
        <circle cx="18" cy="18" r={RADIUS} fill="none" strokeWidth="3.5" className="stroke-muted" />
        <circle
          cx="18"
          cy="18"
          r={RADIUS}
          fill="none"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
          className={percent >= 100 ? 'stroke-success' : 'stroke-primary'}
        />
      </svg>
      <span className="relative text-[9px] font-medium tabular-nums">{Math.round(percent)}%</span>
    </span>
  )
}
