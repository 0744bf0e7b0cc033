// Challenges, achievements and leaderboards (SPEC §3 User challenge), as the server sends them.
import type { User } from './users'

export type ChallengeType = 'episode_count' | 'movie_count' | 'tv_show_count' | 'genre_diversity'

export interface Challenge {
  id: string
  name: string
  description: string
  type: ChallengeType
  targetCount: number
  genre: string
  startsAt: string
  endsAt: string
  isActive: boolean
}

/** A running challenge the member has not joined, with how many have. */
export interface AvailableChallenge extends Challenge {
  participantCount: number
}

/** The member's place in a challenge. */
export interface UserChallenge {
  id: string
  challenge: Challenge
  progress: number
  progressPercent: number
  isCompleted: boolean
  completedAt: string
  joinedAt: string
}

export interface Achievement {
  code: string
  name: string
  description: string
  earned: boolean
  earnedAt: string
}

export type BoardName = 'moviesWatched' | 'hours' | 'reviews' | 'challengesCompleted'
export type Period = 'month' | 'allTime'

export interface RankEntry {
  user: User
  value: number
  rank: number
}

export type Boards = Record<BoardName, RankEntry[]>

export interface Rankings {
  month: Boards
  allTime: Boards
  myRank: Record<Period, Record<BoardName, number>>
}

/**
 * progressPercent: how far along a challenge is, a whole number from 0 to 100 (SPEC §3:
 * capped at 100). Taken from progress and target; the server's own percent when no target.
 */
export function progressPercent(uc: Pick<UserChallenge, 'progress' | 'progressPercent'> & { challenge: Pick<Challenge, 'targetCount'> }): number {
  const target = uc.challenge.targetCount
  const raw = target > 0 ? (uc.progress / target) * 100 : uc.progressPercent
  if (!Number.isFinite(raw)) return 0
  return Math.min(100, Math.max(0, Math.floor(raw)))
}

/** progressLabel: 'N / target', the count never shown above the target. */
export function progressLabel(progress: number, target: number): string {
  const shown = target > 0 ? Math.min(Math.max(0, progress), target) : Math.max(0, progress)
  return `${shown} / ${target}`
}

/** isRunning: the challenge is active and now lies between its start and end. */
export function isRunning(challenge: Pick<Challenge, 'isActive' | 'startsAt' | 'endsAt'>, now: number = Date.now()): boolean {
  if (!challenge.isActive) return false
  const start = challenge.startsAt ? new Date(challenge.startsAt).getTime() : Number.NaN
  const end = challenge.endsAt ? new Date(challenge.endsAt).getTime() : Number.NaN
  if (!Number.isNaN(start) && now < start) return false
  if (!Number.isNaN(end) && now > end) return false
  return true
}

/** splitUserChallenges: running ones not yet done (Joined) and finished ones (Completed, newest first). */
export function splitUserChallenges(list: readonly UserChallenge[], now: number = Date.now()) {
  const joined = list.filter((uc) => !uc.isCompleted && isRunning(uc.challenge, now))
  const completed = list
    .filter((uc) => uc.isCompleted)
    .sort((a, b) => (b.completedAt || '').localeCompare(a.completedAt || ''))
  return { joined, completed }
}

/**
 * currentChallenge: the member's running, unfinished challenge closest to completion
 * (highest percent; then the one ending first). When every running one is done, the one
 * finished last (at 100%); null when the member runs none.
 */
export function currentChallenge(list: readonly UserChallenge[] | undefined, now: number = Date.now()): UserChallenge | null {
  const running = (list ?? []).filter((uc) => isRunning(uc.challenge, now))
  const open = running.filter((uc) => !uc.isCompleted)
  open.sort((a, b) => progressPercent(b) - progressPercent(a) || (a.challenge.endsAt || '').localeCompare(b.challenge.endsAt || ''))
  if (open[0]) return open[0]
  const done = running.filter((uc) => uc.isCompleted).sort((a, b) => (b.completedAt || '').localeCompare(a.completedAt || ''))
  return done[0] ?? null
}

const dateFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** formatDate: 'Nov 30, 2026', '' for a missing or bad date. */
export function formatDate(iso: string | null | undefined): string {
  const time = iso ? new Date(iso).getTime() : Number.NaN
  return Number.isNaN(time) ? '' : dateFormat.format(time)
}

const DAY_MS = 24 * 3600 * 1000

/**
 * dateRange: 'Nov 1, 2026 – Nov 30, 2026', or whichever end is known. An end at midnight
 * is exclusive (the server ends November at Dec 1, 00:00), so the day before is shown.
 */
export function dateRange(startsAt: string, endsAt: string): string {
  const end = endsAt ? new Date(endsAt).getTime() : Number.NaN
  const lastDay = !Number.isNaN(end) && end % DAY_MS === 0 ? new Date(end - 1).toISOString() : endsAt
  return [formatDate(startsAt), formatDate(lastDay)].filter(Boolean).join(' – ')
}

/** participantsLabel: '1 participant', '3 participants'. */
export function participantsLabel(count: number): string {
  return `${count} ${count === 1 ? 'participant' : 'participants'}`
}

/** boardValue: a board's number as shown; hours keep one decimal when they have one. */
export function boardValue(board: BoardName, value: number): string {
  if (board === 'hours') return String(Math.round(value * 10) / 10)
  return String(Math.round(value))
}
