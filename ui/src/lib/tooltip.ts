// Tooltip timing (SPEC §9): a tooltip opens 700 ms after the pointer or focus arrives;
// moving on to the next one within 300 ms of closing the last opens it at once.
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** tooltipDelay: how long to wait before opening, given when the last tooltip closed. */
export function tooltipDelay(now: number, lastClosedAt: number | null): number {
  return lastClosedAt !== null && now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS
}
