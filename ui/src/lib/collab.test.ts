import { describe, expect, it } from 'vitest'
import { canSubmitCollabRating, collabKind, collabRatingBody, isCollaboration, joinNames, kindOfEntity, sortRatings, waitingMessage } from './collab'

const user = (id: string, firstName: string) => ({ id, firstName, lastName: '', nickname: null, displayPreference: 'fullname' as const, profileImageUrl: null })

describe('collab', () => {
  it.each([
    ['collaborative_movie', true],
    ['collaborative_tv', true],
    ['movie_watched', false],
  ])('isCollaboration(%s) = %s', (type, want) => expect(isCollaboration(type)).toBe(want))

  it('maps kinds', () => {
    expect(collabKind('collaborative_tv')).toBe('tv')
    expect(collabKind('collaborative_movie')).toBe('movie')
    expect(kindOfEntity('movie')).toBe('movie')
    expect(kindOfEntity('tv_show')).toBe('tv')
    expect(kindOfEntity('activity')).toBeNull()
  })

  it.each([
    [[], ''],
    [['Bea'], 'Bea'],
    [['Bea', 'Cy'], 'Bea and Cy'],
    [['Bea', 'Cy', 'Dan'], 'Bea, Cy and Dan'],
  ])('joinNames(%j) = %s', (names, want) => expect(joinNames(names)).toBe(want))

  it('names the pending friends', () => {
    expect(waitingMessage([user('b', 'Bea')])).toBe('Waiting for Bea to rate')
    expect(waitingMessage([user('b', 'Bea'), user('c', 'Cy')])).toBe('Waiting for Bea and Cy to rate')
    expect(waitingMessage([])).toBe('Waiting for everyone to rate')
  })

  it.each([
    [0, false],
    [0.04, false],
    [0.1, true],
    [8.5, true],
  ])('canSubmitCollabRating(%s) = %s', (rating, want) => expect(canSubmitCollabRating(rating)).toBe(want))

  it('builds the rating body: rounded, review trimmed, empty omitted', () => {
    expect(collabRatingBody(8.54, '  Great  ')).toEqual({ status: 'watched', rating: 8.5, review: 'Great' })
    expect(collabRatingBody(7, '   ')).toEqual({ status: 'watched', rating: 7 })
  })

  it('puts the viewer first', () => {
    const list = [
      { userId: 'a', user: null, rating: 7 },
      { userId: 'b', user: null, rating: 8 },
    ]
    expect(sortRatings(list, 'b').map((r) => r.userId)).toEqual(['b', 'a'])
    expect(sortRatings(null, 'b')).toEqual([])
  })
})
