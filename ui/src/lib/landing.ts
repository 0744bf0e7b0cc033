// Landing page stepping (SPEC §2 landing, §4 landing step, §9 landing constants).
export const LANDING_SECTION_COUNT = 4
export const STEP_LOCK_MS = 500
export const WHEEL_THRESHOLD = 50
export const SWIPE_DISTANCE = 70
export const FAST_SWIPE_DISTANCE = 40
export const FAST_SWIPE_SPEED = 0.5 // px per ms
export const FAST_SWIPE_MAX_MS = 800

export type Step = -1 | 0 | 1

export interface StepState {
  index: number
  /** Time (ms) before which another step is ignored. */
  lockedUntil: number
}

export const initialStepState: StepState = { index: 0, lockedUntil: 0 }

/** clampIndex keeps an index within the four sections. */
export function clampIndex(index: number): number {
  return Math.min(LANDING_SECTION_COUNT - 1, Math.max(0, index))
}

/**
 * applyStep moves by one section unless the 500 ms lock is still on or the move would
 * leave the range. A move (or a jump with goTo) starts a new lock.
 */
export function applyStep(state: StepState, step: Step, now: number): StepState {
  if (step === 0 || now < state.lockedUntil) return state
  const index = clampIndex(state.index + step)
  if (index === state.index) return state
  return { index, lockedUntil: now + STEP_LOCK_MS }
}

/** goTo jumps straight to a section (the dots); it honours the lock too. */
export function goTo(state: StepState, index: number, now: number): StepState {
  const target = clampIndex(index)
  if (now < state.lockedUntil || target === state.index) return state
  return { index: target, lockedUntil: now + STEP_LOCK_MS }
}

/** stepFromWheel: a wheel delta above 50 (either way) is one step. */
export function stepFromWheel(deltaY: number): Step {
  if (deltaY > WHEEL_THRESHOLD) return 1
  if (deltaY < -WHEEL_THRESHOLD) return -1
  return 0
}

/** stepFromKey: arrow keys (and their page-wise friends) step. */
export function stepFromKey(key: string): Step {
  switch (key) {
    case 'ArrowDown':
    case 'PageDown':
      return 1
    case 'ArrowUp':
    case 'PageUp':
      return -1
    default:
      return 0
  }
}

/**
 * stepFromSwipe: distance is how far the finger moved up (start y minus end y, so a
 * positive value means "next section"). A swipe counts above 70 px, or above 40 px when
 * it is fast: faster than 0.5 px/ms and shorter than 800 ms.
 */
export function stepFromSwipe(distance: number, durationMs: number): Step {
  const abs = Math.abs(distance)
  const duration = Math.max(durationMs, 1)
  const fast = abs / duration > FAST_SWIPE_SPEED && durationMs < FAST_SWIPE_MAX_MS
  if (abs > SWIPE_DISTANCE || (abs > FAST_SWIPE_DISTANCE && fast)) return distance > 0 ? 1 : -1
  return 0
}

// The classes that show which section is current. The React landing and the pre-rendered
// one's script (src/landing/static.ts) both set them, so they live here.

/** landingPanelClass: a section's content fades in when it is the current one. */
export function landingPanelClass(active: boolean): string {
  return `w-full max-w-5xl transition-opacity duration-500 ${active ? 'opacity-100' : 'opacity-0'}`
}

/** landingDotClass: the current section's dot is a long bar, the others small dots. */
export function landingDotClass(active: boolean): string {
  return `block size-2.5 rounded-full transition-all duration-300 ${
    active ? 'w-8 bg-primary sm:h-8 sm:w-2.5' : 'bg-base-content/25 group-hover:bg-base-content/50'
  }`
}

/** landingOffset: the sections' track is moved up by one screen per section. */
export function landingOffset(index: number): string {
  return `translateY(-${index * 100}%)`
}

/** The emojis floating behind the landing page. */
export const FLOATING_EMOJIS: readonly string[] = ['🎬', '🍿', '⭐', '🎥', '📺', '🎞️', '🏆', '❤️', '😂', '🤩']

/** floatingEmojiCount (SPEC §9): 5 under 640 px wide, 7 under 1024 px, else 10. */
export function floatingEmojiCount(width: number): number {
  if (width < 640) return 5
  if (width < 1024) return 7
  return 10
}

export interface FloatingEmoji {
  emoji: string
  /** Horizontal position, percent of the width. */
  left: number
  /** Animation delay and duration, seconds. */
  delay: number
  duration: number
  /** Font size, rem. */
  size: number
}

/** floatingEmojiStyle: where and how an emoji floats (inline style properties). */
export function floatingEmojiStyle(e: FloatingEmoji) {
  return { left: `${e.left}%`, fontSize: `${e.size}rem`, animationDelay: `${e.delay}s`, animationDuration: `${e.duration}s` }
}

/**
 * floatingEmojiLayout spreads count emojis evenly across the width, each with its own
 * speed, delay and size (fixed per index, so a re-render does not reshuffle them).
 */
export function floatingEmojiLayout(count: number): FloatingEmoji[] {
  return Array.from({ length: count }, (_, i) => ({
    emoji: FLOATING_EMOJIS[i % FLOATING_EMOJIS.length]!,
    left: Math.round(((i + 0.5) / count) * 100),
    delay: (i * 1.7) % 9,
    duration: 14 + ((i * 5) % 9),
    size: 1.5 + ((i * 3) % 4) * 0.35,
  }))
}
