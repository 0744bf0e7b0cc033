// Episode tracking's pure rules (issue #19): how episodes are named, how a burst of them
// reads on a post, where Up Next goes after a tap, how the calendar groups days, and
// what the spoiler guard says.

/** One episode of a show. */
export interface Ep {
  season: number
  episode: number
}

/** An episode with what the catalog knows of it (TMDB names and air dates). */
export interface EpisodeInfo extends Ep {
  name?: string
  airDate?: string
}

/** GET /api/tv-shows/{id}/progress: one episode of a season. */
export interface EpisodeProgress {
  episode: number
  watched: boolean
  watchedAt: string | null
  plays: number
  name?: string
  airDate?: string
}

/** GET /api/tv-shows/{id}/progress: one season (0 holds the specials). */
export interface SeasonProgress {
  season: number
  watched: number
  total: number
  episodes: EpisodeProgress[]
}

/** GET /api/tv-shows/{id}/progress. Totals exclude the specials. */
export interface ShowProgress {
  watched: number
  total: number
  seasons: SeasonProgress[]
  next: EpisodeInfo | null
  status: string
  lastWatchedAt: string
}

/** GET /api/user/up-next: one show in progress. */
export interface UpNextItem {
  show: { id: number; name: string; posterPath: string | null }
  next: EpisodeInfo
  watched: number
  total: number
  lastWatchedAt: string
  seasonCounts: number[]
}

/** What POST and DELETE /api/tv-shows/{id}/episodes/watched answer. */
export interface MarkResult {
  added: number
  removed: number
  status: string
  statusChanged: boolean
  /** This change finished a show that has ended: offer the Rate dialog. */
  finished: boolean
  watched: number
  total: number
  next: Ep | null
  lastWatchedAt: string
}

/** The bodies of POST /api/tv-shows/{id}/episodes/watched. */
export type MarkBody = Ep | { season: number } | { upTo: Ep }

/** GET /api/user/calendar: one episode airing on airDate. */
export interface CalendarEpisode extends Ep {
  show: { id: number; name: string; posterPath: string | null }
  name?: string
  airDate: string
  runtime?: number
  watched: boolean
}

/** GET /api/user/calendar. */
export interface CalendarAnswer {
  provider: 'tmdb' | 'embedded'
  from: string
  to: string
  episodes: CalendarEpisode[]
}

/** GET/POST /api/user/calendar-feed: the feed's path on this site, or null. */
export interface CalendarFeed {
  path: string | null
  createdAt?: string
}

/** The spoiler guard the server adds to an episode review's data. */
export interface Spoiler extends Ep {
  youreOn: Ep | null
}

/**
 * spoilerOf: whether a review of episode e would spoil the member, by the rule the server
 * applies to the feed (hooks/tv decorateSpoilers): they track the show (started it, or
 * have it on their watchlist or in progress), have not finished or dropped it, and have
 * not watched e. Specials never spoil. The TV page guards its episode reviews with it.
 */
export function spoilerOf(show: ShowProgress | undefined, e: Ep): Spoiler | null {
  if (!show || e.season < 1) return null
  const started = show.watched > 0 || show.seasons.some((s) => s.episodes.some((x) => x.watched))
  const tracks = started || show.status === 'currently_watching' || show.status === 'plan_to_watch'
  if (!tracks || show.status === 'watched' || show.status === 'dropped') return null
  const seen = show.seasons.find((s) => s.season === e.season)?.episodes.find((x) => x.episode === e.episode)?.watched
  if (seen) return null
  const youreOn = show.next ? { season: show.next.season, episode: show.next.episode } : started ? null : { season: 1, episode: 1 }
  return { season: e.season, episode: e.episode, youreOn }
}

/** code: 'S2E3'. */
export function code(e: Ep): string {
  return `S${e.season}E${e.episode}`
}

/** compareEp orders episodes by season, then episode. */
export function compareEp(a: Ep, b: Ep): number {
  return a.season - b.season || a.episode - b.episode
}

/**
 * rangeLabel: a post's episodes as runs within a season: 'S1E4', 'S1E4–E6',
 * 'S1E1, S1E5–E6', 'S1E9, S2E1–E2' (a season's size is not known here);
 * past three runs, the rest are counted ('S1E1–E3, S2E1, S3E5 and 2 more').
 */
export function rangeLabel(episodes: Ep[]): string {
  const sorted = [...episodes].sort(compareEp).filter((e, i, all) => {
    const before = all[i - 1]
    return !before || compareEp(e, before) !== 0
  })
  const runs: [Ep, Ep][] = []
  for (const e of sorted) {
    const last = runs[runs.length - 1]
    if (last && last[1].season === e.season && last[1].episode + 1 === e.episode) last[1] = e
    else runs.push([e, e])
  }
  const label = ([from, to]: [Ep, Ep]) => {
    if (compareEp(from, to) === 0) return code(from)
    return `${code(from)}–E${to.episode}`
  }
  const shown = runs.slice(0, 3).map(label)
  const rest = runs.length - shown.length
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ')
}

/** watchedSummary: 'watched an episode of', 'watched 3 episodes of' (a post's verb line). */
export function watchedSummary(count: number): string {
  return count === 1 ? 'watched an episode of' : `watched ${count} episodes of`
}

/**
 * advance: the episode after e given the episode counts of seasons 1…, or null after the
 * last one. Up Next moves a card there at once when its episode is marked (the server's
 * answer then says where it really goes).
 */
export function advance(e: Ep, seasonCounts: number[]): Ep | null {
  const count = seasonCounts[e.season - 1] ?? 0
  if (e.episode < count) return { season: e.season, episode: e.episode + 1 }
  for (let s = e.season + 1; s <= seasonCounts.length; s++) {
    if ((seasonCounts[s - 1] ?? 0) > 0) return { season: s, episode: 1 }
  }
  return null
}

/** percent: watched of total as a whole percentage, 0 when there is nothing to watch. */
export function percent(watched: number, total: number): number {
  if (!(total > 0)) return 0
  return Math.min(100, Math.max(0, Math.round((watched / total) * 100)))
}

/** progressLabel: 'Watched 12 of 19 episodes'. */
export function progressLabel(watched: number, total: number): string {
  return `Watched ${watched} of ${total} ${total === 1 ? 'episode' : 'episodes'}`
}

/** spoilerText: 'Spoiler for S2E3 — you're on S2E1' (or '— you haven't watched it'). */
export function spoilerText(s: Spoiler): string {
  return `Spoiler for ${code(s)} — ${s.youreOn ? `you're on ${code(s.youreOn)}` : "you haven't watched it"}`
}

/** isoDay: a Date's calendar day in the given time zone, as YYYY-MM-DD. */
export function isoDay(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** addDays: a YYYY-MM-DD day n days later (earlier when negative). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

/** A day of the calendar: its date, how it reads, and its episodes. */
export interface CalendarDay {
  day: string
  label: string
  past: boolean
  episodes: CalendarEpisode[]
}

const dayFormat = new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * dayLabel: 'Today', 'Tomorrow', 'Yesterday', else 'Friday, March 6' (air dates are days,
 * read in the member's time zone: today is the member's today).
 */
export function dayLabel(day: string, today: string): string {
  if (day === today) return 'Today'
  if (day === addDays(today, 1)) return 'Tomorrow'
  if (day === addDays(today, -1)) return 'Yesterday'
  const d = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? day : dayFormat.format(d)
}

/** groupByDay: episodes by air date, oldest day first, each day labelled against today. */
export function groupByDay(episodes: CalendarEpisode[], today: string): CalendarDay[] {
  const days = new Map<string, CalendarEpisode[]>()
  for (const e of [...episodes].sort((a, b) => a.airDate.localeCompare(b.airDate) || a.show.name.localeCompare(b.show.name) || compareEp(a, b))) {
    days.set(e.airDate, [...(days.get(e.airDate) ?? []), e])
  }
  return [...days].map(([day, list]) => ({ day, label: dayLabel(day, today), past: day < today, episodes: list }))
}

/** airsLabel: 'Airs today', 'Airs tomorrow', 'Airs Fri, Mar 6'; '' for no date or a past one. */
export function airsLabel(airDate: string | undefined, today: string): string {
  if (!airDate || airDate < today) return ''
  if (airDate === today) return 'Airs today'
  if (airDate === addDays(today, 1)) return 'Airs tomorrow'
  const d = new Date(`${airDate}T00:00:00Z`)
  return Number.isNaN(d.getTime())
    ? ''
    : `Airs ${new Intl.DateTimeFormat('en', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d)}`
}

/** episodeTitle: the episode's name, or 'Episode 3' when the catalog has none. */
export function episodeTitle(e: { episode: number; name?: string | null }): string {
  return e.name?.trim() || `Episode ${e.episode}`
}

/** webcalUrl: the calendar feed as a webcal:// address for calendar apps. */
export function webcalUrl(httpUrl: string): string {
  return httpUrl.replace(/^https?:\/\//, 'webcal://')
}
