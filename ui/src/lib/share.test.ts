import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Activity } from './feed'
import {
  activityLink,
  shareLink,
  downloadFailedToast,
  facebookShareUrl,
  hashtag,
  INVITE_REF_KEY,
  inviteLink,
  inviteRefFrom,
  popupFeatures,
  recallInviteRef,
  rememberInviteRef,
  shareFileName,
  shareHashtags,
  shareText,
  twitterShareUrl,
  withTimeout,
} from './share'

const maya = { id: 'u1', firstName: 'Maya', lastName: 'Okafor', nickname: null, displayPreference: 'fullname' as const, profileImageUrl: '' }

const activity = (type: string, data: Activity['data']): Pick<Activity, 'type' | 'data' | 'user'> => ({ type, data, user: maya })

/** list: a list post's data (what the feed decorates it with). */
const list = (more: Record<string, unknown>) => ({ listId: 'l1', listName: 'Silent greats', posters: [], ...more }) as unknown as Activity['data']

describe('shareText', () => {
  it.each([
    [activity('movie_review', { movieId: 1, movieTitle: 'The Matrix', movieYear: 1999, rating: 8.5, review: 'Red pill, every time.' }),
      'Maya Okafor rated The Matrix (1999) 8.5/10.0 on CineCircle: "Red pill, every time."'],
    [activity('tv_watchlist', { tvShowId: 2, tvShowTitle: 'Severance', rating: 0 }), 'Maya Okafor added to their watchlist Severance on CineCircle'],
    [activity('tv_currently_watching', { tvShowId: 2, tvShowTitle: 'Severance' }), 'Maya Okafor is watching Severance on CineCircle'],
    [activity('episode_review', { tvShowName: 'Severance', seasonNumber: 1, episodeNumber: 9, rating: 9.6, review: '' }),
      'Maya Okafor reviewed Severance S1 E9 9.6/10.0 on CineCircle'],
    [activity('challenge_joined', { challengeName: 'Horror Month' }), 'Maya Okafor joined the Horror Month challenge on CineCircle'],
    [{ type: 'movie_watched', data: null, user: null }, 'Unknown User watched Unknown Content on CineCircle'],
    [activity('list_created', list({ ranked: true, itemCount: 3 })), '"Silent greats", a ranked list of 3 titles by Maya Okafor on CineCircle'],
    [activity('list_updated', list({ itemCount: 1 })), '"Silent greats", a list of 1 title by Maya Okafor on CineCircle'],
  ])('%#', (a, text) => expect(shareText(a)).toBe(text))
})

describe('hashtags', () => {
  it.each([
    ['The Matrix: Reloaded', 'TheMatrixReloaded'],
    ['Amélie', 'Amelie'],
    ['1917', '1917'],
    ['', ''],
  ])('%s → %s', (text, tag) => expect(hashtag(text)).toBe(tag))

  it.each([
    [activity('movie_review', { movieTitle: 'The Matrix' }), ['CineCircle', 'TheMatrix', 'Movies']],
    [activity('tv_review', { tvShowTitle: 'Severance' }), ['CineCircle', 'Severance', 'TVShows']],
    [activity('episode_review', { tvShowName: 'Severance' }), ['CineCircle', 'Severance', 'TVShows']],
    [activity('movie_review', { movieTitle: '1917' }), ['CineCircle', 'Movies']],
    [activity('movie_review', null), ['CineCircle', 'Movies']],
    [activity('challenge_completed', { challengeName: 'x' }), ['CineCircle', 'MovieChallenge']],
    [activity('list_created', list({})), ['CineCircle', 'SilentGreats', 'MovieList']],
    [activity('list_updated', list({ listName: '2025' })), ['CineCircle', 'MovieList']],
  ])('%#', (a, tags) => expect(shareHashtags(a)).toEqual(tags))
})

describe('links', () => {
  it('builds the post link, share targets and invite link', () => {
    expect(activityLink('https://cine.example/', 'abc')).toBe('https://cine.example/#activity-abc')
    expect(facebookShareUrl('https://cine.example/#activity-abc')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fcine.example%2F%23activity-abc',
    )
    const tweet = new URL(twitterShareUrl('Hi there', 'https://cine.example/#activity-abc', ['CineCircle', 'Movies']))
    expect(tweet.searchParams.get('text')).toBe('Hi there')
    expect(tweet.searchParams.get('url')).toBe('https://cine.example/#activity-abc')
    expect(tweet.searchParams.get('hashtags')).toBe('CineCircle,Movies')
    expect(inviteLink('https://cine.example', 'u1')).toBe('https://cine.example/?ref=u1')
  })

  it.each([
    [{ width: 1280, height: 800 }, 'width=600,height=400,left=340,top=200,noopener,noreferrer'],
    [{ width: 1280, height: 800, left: 100, top: 50 }, 'width=600,height=400,left=440,top=250,noopener,noreferrer'],
    [{ width: 390, height: 844 }, 'width=600,height=400,left=0,top=222,noopener,noreferrer'],
  ])('popup %#', (screen, features) => expect(popupFeatures(screen)).toBe(features))
})

describe('shareFileName', () => {
  it.each([
    ['The Matrix', 'the-matrix-review.png'],
    ['Amélie: Le Fabuleux Destin', 'amelie-le-fabuleux-destin-review.png'],
    ['  ', 'cinecircle-review.png'],
    [null, 'cinecircle-review.png'],
    ['!!!', 'cinecircle-review.png'],
  ])('%s → %s', (title, name) => expect(shareFileName(title)).toBe(name))
  it('names a list card after the list', () => expect(shareFileName('Silent greats', 'list')).toBe('silent-greats-list.png'))
})

describe('downloadFailedToast', () => {
  it('splits the SPEC message into title and description', () => {
    expect(downloadFailedToast('Timed out after 15 s')).toEqual({
      title: 'Download Failed',
      description: 'Unable to generate image: Timed out after 15 s',
    })
  })
})

describe('withTimeout', () => {
  afterEach(() => vi.useRealTimers())
  it('resolves in time and rejects when late', async () => {
    await expect(withTimeout(Promise.resolve(3), 100)).resolves.toBe(3)
    vi.useFakeTimers()
    const late = withTimeout(new Promise(() => {}), 15_000)
    vi.advanceTimersByTime(15_000)
    await expect(late).rejects.toThrow('Timed out after 15 s')
  })
  it('passes failures through as errors', async () => {
    await expect(withTimeout(Promise.reject(new Error('boom')), 100)).rejects.toThrow('boom')
  })
})

describe('invite ref', () => {
  const memory = () => {
    const map = new Map<string, string>()
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map }
  }
  it.each([
    ['?ref=abc123', 'abc123'],
    ['?ref=', null],
    ['?ref=<script>', null],
    ['', null],
  ])('reads %s', (search, ref) => expect(inviteRefFrom(search)).toBe(ref))

  it('remembers the ref from the landing page and recalls it at sign-up', () => {
    const store = memory()
    rememberInviteRef('?ref=abc123', store)
    expect(store.map.get(INVITE_REF_KEY)).toBe('abc123')
    expect(recallInviteRef('', store)).toBe('abc123')
    expect(recallInviteRef('?ref=zzz', store)).toBe('zzz')
    rememberInviteRef('?other=1', store)
    expect(store.map.get(INVITE_REF_KEY)).toBe('abc123')
    expect(recallInviteRef('', null)).toBeNull()
  })
})

describe('shareLink', () => {
  const post = { id: 'p1', type: 'movie_review', userId: 'me' }
  const me = { id: 'me', public: true, handle: 'ana' }
  it.each([
    ['a public member’s own review', post, me, 'https://c.example/u/ana/review/p1'],
    ['not public', post, { ...me, public: false }, 'https://c.example/#activity-p1'],
    ['someone else’s post', { ...post, userId: 'bea' }, me, 'https://c.example/#activity-p1'],
    ['a watchlist post', { ...post, type: 'movie_watchlist' }, me, 'https://c.example/#activity-p1'],
    ['signed-out settings', post, null, 'https://c.example/#activity-p1'],
    ['a list, shared as the list', { ...post, type: 'list_updated', data: list({ listId: 'l 1' }) }, me, 'https://c.example/list/l%201'],
  ])('%s', (_name, activity, who, want) => expect(shareLink('https://c.example/', activity, who)).toBe(want))
})
