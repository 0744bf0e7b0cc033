import { describe, expect, it } from 'vitest'
import { addDays, advance, airsLabel, dayLabel, groupByDay, isoDay, percent, rangeLabel, spoilerOf, spoilerText, watchedSummary, webcalUrl, type CalendarEpisode, type ShowProgress } from './tv'

const ep = (season: number, episode: number) => ({ season, episode })

describe('rangeLabel', () => {
  it.each([
    [[ep(1, 4)], 'S1E4'],
    [[ep(1, 4), ep(1, 5), ep(1, 6)], 'S1E4–E6'],
    [[ep(1, 6), ep(1, 4), ep(1, 5), ep(1, 5)], 'S1E4–E6'],
    [[ep(1, 1), ep(1, 5), ep(1, 6)], 'S1E1, S1E5–E6'],
    [[ep(1, 9), ep(2, 1), ep(2, 2)], 'S1E9, S2E1–E2'],
    [[ep(1, 1), ep(1, 3), ep(1, 5), ep(1, 7), ep(1, 9)], 'S1E1, S1E3, S1E5 and 2 more'],
    [[], ''],
  ])('%j reads %s', (episodes, want) => {
    expect(rangeLabel(episodes)).toBe(want)
  })
})

describe('advance', () => {
  it.each([
    [ep(1, 1), [7, 13], ep(1, 2)],
    [ep(1, 7), [7, 13], ep(2, 1)],
    [ep(2, 13), [7, 13], null],
    [ep(1, 7), [7, 0, 10], ep(3, 1)],
    [ep(3, 1), [7, 13], null],
  ])('after %j of %j comes %j', (from, counts, want) => {
    expect(advance(from, counts)).toEqual(want)
  })
})

describe('labels', () => {
  it('counts a burst', () => {
    expect(watchedSummary(1)).toBe('watched an episode of')
    expect(watchedSummary(3)).toBe('watched 3 episodes of')
  })
  it('says where the viewer is', () => {
    expect(spoilerText({ season: 2, episode: 3, youreOn: ep(2, 1) })).toBe("Spoiler for S2E3 — you're on S2E1")
    expect(spoilerText({ season: 2, episode: 3, youreOn: null })).toBe("Spoiler for S2E3 — you haven't watched it")
  })
  it.each([
    [0, 0, 0],
    [3, 0, 0],
    [1, 3, 33],
    [19, 19, 100],
    [25, 19, 100],
  ])('%i of %i is %i%%', (watched, total, want) => {
    expect(percent(watched, total)).toBe(want)
  })
  it('offers calendar apps a webcal address', () => {
    expect(webcalUrl('https://cine.example.com/api/calendar/abc.ics')).toBe('webcal://cine.example.com/api/calendar/abc.ics')
  })
})

describe('calendar days', () => {
  const today = '2026-03-04'
  it.each([
    ['2026-03-04', 'Today'],
    ['2026-03-05', 'Tomorrow'],
    ['2026-03-03', 'Yesterday'],
    ['2026-03-06', 'Friday, March 6'],
  ])('%s reads %s', (day, want) => {
    expect(dayLabel(day, today)).toBe(want)
  })
  it('names the air day of Up Next', () => {
    expect(airsLabel('2026-03-04', today)).toBe('Airs today')
    expect(airsLabel('2026-03-05', today)).toBe('Airs tomorrow')
    expect(airsLabel('2026-03-06', today)).toBe('Airs Fri, Mar 6')
    expect(airsLabel('2026-03-01', today)).toBe('')
    expect(airsLabel(undefined, today)).toBe('')
  })
  it('moves days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })
  it("finds the member's day in their time zone", () => {
    const instant = new Date('2026-03-04T23:30:00Z')
    expect(isoDay(instant, 'UTC')).toBe('2026-03-04')
    expect(isoDay(instant, 'Asia/Tokyo')).toBe('2026-03-05')
    expect(isoDay(instant, 'America/Los_Angeles')).toBe('2026-03-04')
  })
  it('groups episodes by day, oldest first', () => {
    const e = (show: string, airDate: string, episode: number): CalendarEpisode => ({
      show: { id: show.length, name: show, posterPath: null }, season: 1, episode, airDate, watched: false,
    })
    const days = groupByDay([e('Severance', '2026-03-06', 3), e('Andor', '2026-03-06', 2), e('Severance', '2026-03-02', 2)], today)
    expect(days.map((d) => [d.day, d.label, d.past, d.episodes.map((x) => x.show.name)])).toEqual([
      ['2026-03-02', 'Monday, March 2', true, ['Severance']],
      ['2026-03-06', 'Friday, March 6', false, ['Andor', 'Severance']],
    ])
  })
})

describe('spoilerOf', () => {
  const show = (status: string, watched: [number, number][], next: [number, number] | null): ShowProgress => ({
    watched: watched.length,
    total: 4,
    status,
    lastWatchedAt: '',
    next: next ? ep(...next) : null,
    seasons: [1, 2].map((season) => ({
      season,
      watched: watched.filter(([s]) => s === season).length,
      total: 2,
      episodes: [1, 2].map((episode) => ({
        episode,
        watched: watched.some(([s, e]) => s === season && e === episode),
        watchedAt: null,
        plays: 0,
      })),
    })),
  })
  it.each([
    ['an episode ahead of a member in progress', show('currently_watching', [[1, 1]], [1, 2]), ep(2, 1), { ...ep(2, 1), youreOn: ep(1, 2) }],
    ['an episode they watched', show('currently_watching', [[1, 1]], [1, 2]), ep(1, 1), null],
    ['a show on the watchlist, not started', show('plan_to_watch', [], [1, 1]), ep(1, 2), { ...ep(1, 2), youreOn: ep(1, 1) }],
    ['a show they do not track', show('', [], [1, 1]), ep(1, 2), null],
    ['a finished show', show('watched', [[1, 1]], [1, 2]), ep(2, 2), null],
    ['a dropped show', show('dropped', [[1, 1]], [1, 2]), ep(2, 2), null],
    ['a special', show('currently_watching', [[1, 1]], [1, 2]), ep(0, 1), null],
  ])('%s', (_, progress, e, want) => {
    expect(spoilerOf(progress, e)).toEqual(want)
  })
  it('no progress loaded is no guard', () => {
    expect(spoilerOf(undefined, ep(1, 1))).toBeNull()
  })
})
