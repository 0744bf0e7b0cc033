import type { ChallengeType } from '../../lib/challenges'

/** What each challenge type counts, for the small line under its name. */
export const typeLabels: Record<ChallengeType, string> = {
  movie_count: 'Movies',
  episode_count: 'Episodes',
  tv_show_count: 'TV shows',
  genre_diversity: 'Genres',
}

export const NO_ACTIVE_CHALLENGES = 'No active challenges'
