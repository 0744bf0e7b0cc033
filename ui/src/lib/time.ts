// Relative times (SPEC §9: dates are shown as 'x ago').
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** timeAgo: 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'; '' for a bad date. */
export function timeAgo(iso: string | null | undefined, now: number = Date.now()): string {
  const then = iso ? new Date(iso).getTime() : Number.NaN
  if (Number.isNaN(then)) return ''
  const seconds = Math.round((then - now) / 1000)
  const abs = Math.abs(seconds)
  if (abs < 45) return 'just now'
  for (const [unit, size] of units) {
    if (abs >= size) return relative.format(Math.round(seconds / size), unit)
  }
  return relative.format(Math.round(seconds / 60), 'minute')
}
