import { describe, expect, it } from 'vitest'
import { followLabel, lookupFailure, parseAcct } from './fediverse'

describe('parseAcct', () => {
  it.each<[string, string | null]>([
    ['@alice@mastodon.social', 'alice@mastodon.social'],
    ['alice@mastodon.social', 'alice@mastodon.social'],
    ['  @alice@Mastodon.Social  ', 'alice@mastodon.social'],
    ['acct:alice@neodb.social', 'alice@neodb.social'],
    ['@a.b-c_d@films.example:8443', 'a.b-c_d@films.example:8443'],
    ['@alice', null],
    ['alice', null],
    ['@alice@', null],
    ['@@mastodon.social', null],
    ['@alice@localhost', null],
    ['@alice@x@y.example', null],
    ['@alice@evil.example/path', null],
    ['@al ice@mastodon.social', null],
    ['The Matrix', null],
    ['', null],
  ])('%j → %j', (text, want) => {
    expect(parseAcct(text)).toBe(want)
  })
})

describe('followLabel', () => {
  it.each([
    ['none', 'Follow'],
    ['requested', 'Requested'],
    ['accepted', 'Following'],
  ] as const)('%s → %s', (state, want) => {
    expect(followLabel(state)).toBe(want)
  })
})

describe('lookupFailure', () => {
  it.each<[number | undefined, string, string]>([
    [404, '', "Couldn't find @alice@social.example"],
    [400, "That server's address is not allowed.", "That server's address is not allowed."],
    [403, 'The moderators have blocked that server or account.', 'The moderators have blocked that server or account.'],
    [502, 'whatever', "Couldn't reach social.example. Try again later."],
    [undefined, '', "Couldn't look up @alice@social.example. Check your connection and try again."],
  ])('%s', (status, message, want) => {
    expect(lookupFailure('alice@social.example', status, message)).toBe(want)
  })
})
