import { describe, expect, it } from 'vitest'
import {
  boardValue,
  currentChallenge,
  dateRange,
  isRunning,
  participantsLabel,
  progressLabel,
  progressPercent,
  splitUserChallenges,
  type UserChallenge,
} from './challenges'

const now = Date.parse('2026-11-15T12:00:00Z')

function uc(id: string, progress: number, target: number, extra: Partial<UserChallenge> = {}, challenge: Partial<UserChallenge['challenge']> = {}): UserChallenge {
  return {
    id,
    progress,
    progressPercent: Math.min(100, Math.floor((progress / target) * 100)),
    isCompleted: progress >= target,
    completedAt: progress >= target ? '2026-11-10T00:00:00Z' : '',
    joinedAt: '2026-11-01T00:00:00Z',
    challenge: {
      id: `c-${id}`,
      name: id,
      description: '',
      type: 'movie_count',
      targetCount: target,
      genre: '',
      startsAt: '2026-11-01T00:00:00Z',
      endsAt: '2026-11-30T23:59:59Z',
      isActive: true,
      ...challenge,
    },
    ...extra,
  }
}

describe('progressPercent', () => {
  it.each([
    [0, 10, 0],
    [3, 10, 30],
    [1, 3, 33],
    [10, 10, 100],
    [14, 10, 100],
    [-2, 10, 0],
  ])('%i of %i is %i%%', (progress, target, percent) => {
    expect(progressPercent({ progress, progressPercent: 0, challenge: { targetCount: target } })).toBe(percent)
  })
  it('falls back to the server percent without a target, capped', () => {
    expect(progressPercent({ progress: 4, progressPercent: 140, challenge: { targetCount: 0 } })).toBe(100)
  })
})

describe('progressLabel', () => {
  it.each([
    [3, 10, '3 / 10'],
    [12, 10, '10 / 10'],
    [0, 5, '0 / 5'],
  ])('%i of %i', (p, t, label) => expect(progressLabel(p, t)).toBe(label))
})

describe('isRunning', () => {
  const base = { isActive: true, startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-30T23:59:59Z' }
  it.each([
    ['inside the window', base, true],
    ['inactive', { ...base, isActive: false }, false],
    ['not started', { ...base, startsAt: '2026-11-20T00:00:00Z' }, false],
    ['ended', { ...base, endsAt: '2026-11-10T00:00:00Z' }, false],
    ['open-ended', { isActive: true, startsAt: '', endsAt: '' }, true],
  ])('%s', (_name, challenge, running) => expect(isRunning(challenge, now)).toBe(running))
})

describe('currentChallenge', () => {
  it('picks the running, unfinished challenge closest to completion', () => {
    const list = [uc('a', 2, 10), uc('b', 4, 5), uc('done', 3, 3), uc('old', 9, 10, {}, { endsAt: '2026-10-31T00:00:00Z' })]
    expect(currentChallenge(list, now)?.id).toBe('b')
  })
  it('breaks ties by the one ending first', () => {
    const list = [uc('late', 1, 2), uc('soon', 5, 10, {}, { endsAt: '2026-11-20T00:00:00Z' })]
    expect(currentChallenge(list, now)?.id).toBe('soon')
  })
  it('falls back to the running challenge finished last', () => {
    const list = [uc('early', 3, 3, { completedAt: '2026-11-02T00:00:00Z' }), uc('late', 5, 5, { completedAt: '2026-11-09T00:00:00Z' })]
    expect(currentChallenge(list, now)?.id).toBe('late')
  })
  it('is null without a running one', () => {
    expect(currentChallenge([], now)).toBeNull()
    expect(currentChallenge(undefined, now)).toBeNull()
    expect(currentChallenge([uc('old', 3, 3, {}, { endsAt: '2026-10-31T00:00:00Z' })], now)).toBeNull()
  })
})

describe('splitUserChallenges', () => {
  it('separates running from completed, newest completion first', () => {
    const first = uc('first', 3, 3, { completedAt: '2026-11-02T00:00:00Z' })
    const second = uc('second', 5, 5, { completedAt: '2026-11-09T00:00:00Z' })
    const { joined, completed } = splitUserChallenges([uc('a', 1, 10), first, second], now)
    expect(joined.map((x) => x.id)).toEqual(['a'])
    expect(completed.map((x) => x.id)).toEqual(['second', 'first'])
  })
})

describe('labels', () => {
  it('counts participants', () => {
    expect(participantsLabel(1)).toBe('1 participant')
    expect(participantsLabel(0)).toBe('0 participants')
  })
  it('formats a date range in UTC', () => {
    expect(dateRange('2026-11-01T00:00:00Z', '2026-11-30T23:59:59Z')).toBe('Nov 1, 2026 – Nov 30, 2026')
    expect(dateRange('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z')).toBe('Nov 1, 2026 – Nov 30, 2026')
    expect(dateRange('', 'bad')).toBe('')
  })
  it('shows board values', () => {
    expect(boardValue('hours', 4.25)).toBe('4.3')
    expect(boardValue('moviesWatched', 3)).toBe('3')
  })
})
