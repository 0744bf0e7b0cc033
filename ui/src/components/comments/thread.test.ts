import { describe, expect, it } from 'vitest'
import { withoutComment, type Comment } from '../../queries/comments'
import { buildThread, canReply, canSubmit, commentAuthor, commentText, commentTypeOf, indentLevel, insertAtCursor } from './thread'

const c = (id: string, parentCommentId: string | null = null, depth = 0): Comment => ({
  id,
  content: `text ${id}`,
  gifUrl: '',
  gifId: '',
  commentType: 'text',
  createdAt: '2026-01-01T00:00:00Z',
  likeCount: 0,
  isLiked: false,
  user: null,
  parentCommentId,
  depth,
})

describe('comment rules', () => {
  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
    [4, false],
  ])('canReply(%i) = %s', (depth, expected) => {
    expect(canReply(depth)).toBe(expected)
  })

  it.each([
    [0, 0],
    [3, 3],
    [4, 4],
    [7, 4],
    [-1, 0],
  ])('indentLevel(%i) = %i', (depth, expected) => {
    expect(indentLevel(depth)).toBe(expected)
  })

  it.each<[string, boolean, string]>([
    ['hello', false, 'text'],
    ['', true, 'gif'],
    ['   ', true, 'gif'],
    ['ha', true, 'text_with_gif'],
    ['', false, 'text'],
  ])('commentTypeOf(%j, %s) = %s', (text, gif, expected) => {
    expect(commentTypeOf(text, gif)).toBe(expected)
  })

  it.each<[string, boolean, boolean, boolean]>([
    ['', false, false, false],
    ['  \n ', false, false, false],
    ['hi', false, false, true],
    ['', true, false, true],
    ['hi', true, true, false],
  ])('canSubmit(%j, gif %s, pending %s) = %s', (text, gif, pending, expected) => {
    expect(canSubmit(text, gif, pending)).toBe(expected)
  })

  it('reads the text under either name', () => {
    expect(commentText({ content: 'a', comment: 'b' })).toBe('a')
    expect(commentText({ content: '', comment: 'b' })).toBe('b')
    expect(commentText({ content: '' })).toBe('')
  })
})

describe('buildThread', () => {
  it('nests replies and keeps the order', () => {
    const tree = buildThread([c('1'), c('2'), c('3', '1', 1), c('4', '3', 2), c('5', '1', 1)])
    expect(tree.map((n) => n.comment.id)).toEqual(['1', '2'])
    expect(tree[0]!.replies.map((n) => n.comment.id)).toEqual(['3', '5'])
    expect(tree[0]!.replies[0]!.replies.map((n) => n.comment.id)).toEqual(['4'])
  })
  it('keeps an orphan at the top level', () => {
    expect(buildThread([c('9', 'gone', 1)]).map((n) => n.comment.id)).toEqual(['9'])
  })
})

describe('withoutComment', () => {
  it('drops the comment and its replies', () => {
    const list = [c('1'), c('2', '1', 1), c('3', '2', 2), c('4')]
    expect(withoutComment(list, '1').map((x) => x.id)).toEqual(['4'])
    expect(withoutComment(list, '3').map((x) => x.id)).toEqual(['1', '2', '4'])
  })
})

describe('insertAtCursor', () => {
  it.each<[string, number | null, number | null, string, number]>([
    ['', null, null, '👍', 2],
    ['hello', 5, 5, 'hello👍', 7],
    ['hello', 0, 0, '👍hello', 2],
    ['hello', 1, 4, 'h👍o', 3],
    ['hi', 9, 9, 'hi👍', 4],
  ])('%j at %s–%s', (value, start, end, expected, caret) => {
    expect(insertAtCursor(value, '👍', start, end)).toEqual({ value: expected, caret })
  })
})

describe('commentAuthor', () => {
  const remote = { name: 'Alice', acct: '@alice@mastodon.example', url: 'https://mastodon.example/@alice', avatarUrl: '', host: 'mastodon.example' }
  const member = { id: 'u1', firstName: 'Ana', lastName: 'Lima', nickname: null, displayPreference: 'fullname', profileImageUrl: '' }
  it.each([
    ['a member', { user: member }, { name: 'Ana Lima', memberId: 'u1', gone: false }],
    ['a deleted member', { user: { ...member, id: '', firstName: '', lastName: '' } }, { gone: true, memberId: undefined }],
    [
      'a fediverse author',
      { user: { ...member, id: '' }, remote },
      { name: 'Alice', remoteUrl: remote.url, acct: remote.acct, host: 'mastodon.example', gone: false },
    ],
    ['a fediverse author with no name', { user: null, remote: { ...remote, name: '' } }, { name: '@alice@mastodon.example' }],
    ['a profile link that is not http(s)', { user: null, remote: { ...remote, url: 'javascript:alert(1)' } }, { remoteUrl: undefined }],
  ])('%s', (_, c, want) => {
    expect(commentAuthor(c as Pick<Comment, 'user' | 'remote'>)).toMatchObject(want)
  })
})
