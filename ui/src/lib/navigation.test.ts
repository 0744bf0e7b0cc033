import { describe, expect, it } from 'vitest'
import { activeTab, loginPath, safeNext } from './navigation'

describe('safeNext', () => {
  it.each([
    ['/friends', '/friends'],
    ['/friends?tab=followers', '/friends?tab=followers'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/x', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/api/logout', '/'],
    ['/login?next=/x', '/'],
    ['friends', '/'],
  ])('%j → %s', (next, expected) => {
    expect(safeNext(next)).toBe(expected)
  })
})

describe('loginPath', () => {
  it.each([
    ['/friends', '', '', '/login?next=%2Ffriends'],
    ['/friends', '?tab=discover', '', '/login?next=%2Ffriends%3Ftab%3Ddiscover'],
    ['/', '', '', '/login'],
  ])('%s%s → %s', (path, search, hash, expected) => {
    expect(loginPath(path, search, hash)).toBe(expected)
  })
})

describe('activeTab', () => {
  it.each([
    ['/', 'home'],
    ['/search', 'explore'],
    ['/movie/12', 'explore'],
    ['/tv/3', 'explore'],
    ['/friends', 'friends'],
    ['/profile', 'profile'],
    ['/profile/abc', 'profile'],
    ['/watchlist', null],
    ['/settings/password', null],
  ])('%s → %s', (path, tab) => {
    expect(activeTab(path)).toBe(tab)
  })
})
