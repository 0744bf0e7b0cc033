import { describe, expect, it } from 'vitest'
import { avatarUrl, displayName, generatedAvatar, initials, largePhotoUrl, needsProfileCompletion, type UserLike } from './users'

const base = { id: 'abc123', email: 'zoe.kim@example.com', profileImageUrl: '' }

describe('displayName', () => {
  it.each<[string, UserLike, string]>([
    ['nickname when preferred', { ...base, firstName: 'Zoë', lastName: 'Kim', nickname: 'Z', displayPreference: 'nickname' }, 'Z'],
    ['full name when nickname not preferred', { ...base, firstName: 'Zoë', lastName: 'Kim', nickname: 'Z', displayPreference: 'fullname' }, 'Zoë Kim'],
    ['full name when preferred nickname is missing', { ...base, firstName: 'Zoë', lastName: 'Kim', nickname: null, displayPreference: 'nickname' }, 'Zoë Kim'],
    ['full name when preferred nickname is blank', { ...base, firstName: 'Zoë', lastName: 'Kim', nickname: '  ', displayPreference: 'nickname' }, 'Zoë Kim'],
    ['first name only, trimmed', { ...base, firstName: ' Zoë ', lastName: '' }, 'Zoë'],
    ['last name only', { ...base, firstName: '', lastName: 'Kim' }, 'Kim'],
    ['email local part', { ...base, firstName: '', lastName: ' ' }, 'zoe.kim'],
    ['unknown without email', { id: 'x', firstName: '', lastName: '' }, 'Unknown User'],
    ['unknown for null', null, 'Unknown User'],
    ['unknown for undefined', undefined, 'Unknown User'],
    ['unknown when email has empty local part', { email: '@example.com' }, 'Unknown User'],
    ['a deleted member: the empty id', { id: '', firstName: '', lastName: '', nickname: null, profileImageUrl: '' }, 'Deleted member'],
    ['a deleted member even if a name were left', { id: '', firstName: 'Zed', lastName: '' }, 'Deleted member'],
  ])('%s', (_, user, expected) => {
    expect(displayName(user)).toBe(expected)
  })
})

describe('initials', () => {
  it.each<[UserLike, string]>([
    [{ firstName: 'zoë', lastName: 'kim' }, 'ZK'],
    [{ firstName: 'Maya', lastName: '' }, 'M'],
    [{ firstName: 'Mary Ann', lastName: 'Lee' }, 'ML'],
    [{ firstName: 'Maya', lastName: 'Okafor', nickname: 'popcorn queen', displayPreference: 'nickname' }, 'PQ'],
    [{ firstName: 'Maya', lastName: 'Okafor', nickname: 'mo', displayPreference: 'nickname' }, 'M'],
    [{ firstName: '', email: 'film.fan@example.com' }, 'F'],
    [{ firstName: 'Élodie', lastName: 'Ørsted' }, 'ÉØ'],
    [{}, '?'],
    [null, '?'],
  ])('%j → %s', (user, expected) => {
    expect(initials(user)).toBe(expected)
  })
})

describe('avatarUrl', () => {
  it('prefers the profile image', () => {
    expect(avatarUrl({ ...base, profileImageUrl: '/api/files/u/abc/me.png' })).toBe('/api/files/u/abc/me.png')
  })

  it('draws a local SVG avatar with the initials otherwise', () => {
    const url = avatarUrl({ ...base, firstName: 'Zoë', lastName: 'Kim' })
    expect(url.startsWith('data:image/svg+xml')).toBe(true)
    expect(decodeURIComponent(url)).toContain('>ZK</text>')
    expect(url).not.toMatch(/https?:\/\/(?!www\.w3\.org)/)
  })

  it('keeps one colour per id and differs between ids', () => {
    const a = generatedAvatar({ id: 'aaa', firstName: 'A' })
    expect(generatedAvatar({ id: 'aaa', firstName: 'A' })).toBe(a)
    expect(generatedAvatar({ id: 'bbb', firstName: 'A' })).not.toBe(a)
  })

  it('escapes markup in initials', () => {
    expect(decodeURIComponent(generatedAvatar({ id: 'x', firstName: '<b>' }))).toContain('&lt;')
  })

  it('finds the large photo behind a thumb', () => {
    expect(largePhotoUrl('/api/files/c/u/a.jpg?thumb=128x128')).toBe('/api/files/c/u/a.jpg')
    expect(largePhotoUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png')
  })
})

describe('needsProfileCompletion (SPEC §4)', () => {
  it.each<[string, UserLike, boolean]>([
    ['no user', null, false],
    ['complete', { firstName: 'Zoë', nickname: 'Z', profileCompleted: false }, false],
    ['no nickname', { firstName: 'Zoë', nickname: null, profileCompleted: false }, true],
    ['blank nickname', { firstName: 'Zoë', nickname: '  ', profileCompleted: false }, true],
    ['blank first name', { firstName: '  ', nickname: 'Z', profileCompleted: false }, true],
    ['missing first name', { nickname: 'Z' }, true],
    ['email as first name', { firstName: 'zoe@example.com', nickname: 'Z', profileCompleted: false }, true],
    ['saved once, no nickname', { firstName: 'Zoë', nickname: null, profileCompleted: true }, false],
  ])('%s → %s', (_, user, expected) => {
    expect(needsProfileCompletion(user)).toBe(expected)
  })
})
