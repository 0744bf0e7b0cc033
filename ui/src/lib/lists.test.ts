import { describe, expect, it } from 'vitest'
import { listPostSentence, moveItem, progressLabel, removeListItem, targetIndex } from './lists'

const items = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, position: i + 1 }))

describe('moveItem', () => {
  it.each([
    [2, 0, 'cabd'],
    [0, 3, 'bcda'],
    [1, 2, 'acbd'],
    [1, 1, 'abcd'],
    [0, 9, 'abcd'],
  ])('moves %i to %i', (from, to, want) => {
    const got = moveItem(items, from, to)
    expect(got.map((i) => i.id).join('')).toBe(want)
    expect(got.map((i) => i.position)).toEqual([1, 2, 3, 4])
  })
  it('keeps the page offset', () => {
    const page = items.map((i) => ({ ...i, position: i.position + 100 }))
    expect(moveItem(page, 3, 0).map((i) => i.position)).toEqual([101, 102, 103, 104])
  })
})

describe('removeListItem', () => {
  it('renumbers after the removed item', () => {
    expect(removeListItem(items, 'b').map((i) => `${i.id}${i.position}`)).toEqual(['a1', 'c2', 'd3'])
  })
})

describe('targetIndex', () => {
  const middles = [10, 30, 50, 70]
  it.each([
    [2, 0, 0], // dragged the third above everything: first
    [2, 25, 1],
    [0, 60, 2],
    [0, 99, 3],
    [3, 45, 2],
  ])('row %i dropped at y=%i lands at %i', (from, y, want) => {
    expect(targetIndex(middles, from, y)).toBe(want)
  })
})

describe('list sentences', () => {
  const ana = { id: 'ana', firstName: 'Ana', lastName: 'Lima', nickname: null, displayPreference: 'fullname' as const, profileImageUrl: '' }
  const cal = { ...ana, id: 'cal', firstName: 'Cal', lastName: 'Moss' }
  it.each([
    ['list_created', {}, 'Ana Lima made a list: Best of 2025'],
    ['list_created', { added: 3 }, 'Ana Lima made a list: Best of 2025, with 3 titles'],
    ['list_updated', { added: 1 }, 'Ana Lima added 1 title to Best of 2025'],
    ['list_updated', { added: 3, actor: cal }, 'Cal Moss added 3 titles to Best of 2025'],
  ])('%s %o', (type, extra, want) => {
    expect(listPostSentence(type, ana, { listId: 'l', listName: 'Best of 2025', ...extra })).toBe(want)
  })
  it('says the progress', () => expect(progressLabel(12, 50)).toBe("You've seen 12 of 50"))
})
