import { describe, expect, it } from 'vitest'
import { charCount, clampCrop, cropRect, linkifyBio, moveCrop, photoProblem, safeHttpUrl, websiteLabel } from './account'

describe('cropRect', () => {
  it.each([
    ['a landscape photo, centered', 800, 600, { cx: 400, cy: 300, zoom: 1 }, { x: 100, y: 0, side: 600 }],
    ['zoomed in twice', 800, 600, { cx: 400, cy: 300, zoom: 2 }, { x: 250, y: 150, side: 300 }],
    ['moved past the left edge stops at it', 800, 600, { cx: -50, cy: 300, zoom: 1 }, { x: 0, y: 0, side: 600 }],
    ['moved past the bottom stops at it', 600, 800, { cx: 300, cy: 5000, zoom: 1 }, { x: 0, y: 200, side: 600 }],
    ['zoom beyond the maximum is the maximum', 400, 400, { cx: 200, cy: 200, zoom: 40 }, { x: 150, y: 150, side: 100 }],
    ['zoom under 1 is 1', 400, 400, { cx: 200, cy: 200, zoom: 0.1 }, { x: 0, y: 0, side: 400 }],
  ])('%s', (_, w, h, crop, want) => {
    expect(cropRect(w, h, crop)).toEqual(want)
  })
})

describe('moveCrop', () => {
  it('the picture follows the drag: dragging right shows more of the left', () => {
    const moved = moveCrop(800, 600, { cx: 400, cy: 300, zoom: 1 }, 50, 0, 300)
    expect(moved.cx).toBe(300) // 50 screen px over a 300 px viewport of a 600 px side
  })
  it('stops at the edge', () => {
    expect(moveCrop(800, 600, { cx: 400, cy: 300, zoom: 1 }, 10_000, 0, 300)).toEqual({ cx: 300, cy: 300, zoom: 1 })
  })
  it('clampCrop is idempotent', () => {
    const c = clampCrop(800, 600, { cx: 9999, cy: -9, zoom: 3 })
    expect(clampCrop(800, 600, c)).toEqual(c)
  })
})

describe('linkifyBio', () => {
  it.each([
    ['plain text', 'I watch horror.', [{ text: 'I watch horror.' }]],
    ['a link with trailing punctuation', 'See https://ana.example/films.', [{ text: 'See ' }, { text: 'https://ana.example/films', href: 'https://ana.example/films' }, { text: '.' }]],
    ['javascript: stays text', 'javascript:alert(1)', [{ text: 'javascript:alert(1)' }]],
    ['markup stays text', '<b>hi</b> http://x.example', [{ text: '<b>hi</b> ' }, { text: 'http://x.example', href: 'http://x.example/' }]],
    ['credentials are not linked', 'https://u:p@x.example', [{ text: 'https://u:p@x.example' }]],
  ])('%s', (_, bio, want) => {
    expect(linkifyBio(bio)).toEqual(want)
  })
})

describe('small helpers', () => {
  it.each([
    [{ type: 'image/jpeg', size: 100 }, null],
    [{ type: 'image/svg+xml', size: 100 }, 'Choose a JPEG, PNG, WebP or GIF image.'],
    [{ type: 'image/png', size: 6 * 1024 * 1024 }, 'The photo is larger than 5 MB. Choose a smaller one.'],
  ])('photoProblem(%o)', (file, want) => {
    expect(photoProblem(file)).toBe(want)
  })
  it.each([
    ['https://ana.example', 'https://ana.example/'],
    ['ftp://ana.example', null],
    ['data:text/html,x', null],
    ['not a url', null],
  ])('safeHttpUrl(%s)', (text, want) => {
    expect(safeHttpUrl(text)).toBe(want)
  })
  it('counts characters like the server', () => {
    expect(charCount('é😀')).toBe(2)
  })
  it('labels website links', () => {
    expect(websiteLabel('https://ana.example/')).toBe('ana.example')
  })
})
