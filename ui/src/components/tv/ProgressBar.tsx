import { percent } from '../../lib/tv'

/**
 * ProgressBar: how much of a show or season is watched, as a native <progress> (screen
 * readers announce it with its label).
 */
export function ProgressBar({ watched, total, label, className = '' }: { watched: number; total: number; label: string; className?: string }) {
  return (
    <progress
      className={`progress progress-primary h-2 ${className}`}
      value={percent(watched, total)}
      max={100}
      aria-label={label}
      aria-valuetext={`${watched} of ${total}`}
    />
  )
}
