// The member's own account: the photo crop's arithmetic, how a bio's links are found,
// and the limits the settings forms share with the server (hooks/auth).

/** BIO_MAX and WEBSITE_MAX are the server's limits (auth.BioMaxRunes, WebsiteMaxRunes). */
export const BIO_MAX = 300
export const WEBSITE_MAX = 200
/** PHOTO_MAX_BYTES is the largest photo POST /api/user/avatar takes. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
/** PHOTO_TYPES are the formats the server decodes (SVG is not a photo). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
/** CROP_OUTPUT is the side of the square the browser sends (the server stores 512 px). */
export const CROP_OUTPUT = 512
export const MAX_ZOOM = 4

/** charCount counts characters as the server does (code points, not UTF-16 units). */
export const charCount = (text: string) => Array.from(text).length

/** photoProblem says why a picked file cannot be a photo, or null when it may be. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG, WebP or GIF image.'
  if (file.size > PHOTO_MAX_BYTES) return 'The photo is larger than 5 MB. Choose a smaller one.'
  return null
}

/** A square crop of an image: its center in image pixels and how far it is zoomed in. */
export interface Crop {
  cx: number
  cy: number
  zoom: number
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/** initialCrop centers the largest square, as the server would crop by itself. */
export const initialCrop = (width: number, height: number): Crop => ({ cx: width / 2, cy: height / 2, zoom: 1 })

/**
 * cropRect is the square of the image the crop shows: its side is the short edge over
 * the zoom, and it is kept inside the image however far the center was moved.
 */
export function cropRect(width: number, height: number, crop: Crop) {
  const side = Math.min(width, height) / clamp(crop.zoom, 1, MAX_ZOOM)
  const x = clamp(crop.cx - side / 2, 0, width - side)
  const y = clamp(crop.cy - side / 2, 0, height - side)
  return { x, y, side }
}

/** clampCrop keeps the center where cropRect puts it, so moving past an edge stops there. */
export function clampCrop(width: number, height: number, crop: Crop): Crop {
  const zoom = clamp(crop.zoom, 1, MAX_ZOOM)
  const { x, y, side } = cropRect(width, height, { ...crop, zoom })
  return { cx: x + side / 2, cy: y + side / 2, zoom }
}

/**
 * moveCrop moves the crop by a drag of (dx, dy) screen pixels over a viewport of the
 * given size: the picture follows the finger, so the center moves the other way.
 */
export function moveCrop(width: number, height: number, crop: Crop, dx: number, dy: number, viewport: number): Crop {
  const { side } = cropRect(width, height, crop)
  const perPixel = side / viewport
  return clampCrop(width, height, { ...crop, cx: crop.cx - dx * perPixel, cy: crop.cy - dy * perPixel })
}

/** A piece of a bio: plain text, or a link to an http(s) address. */
export type BioPart = { text: string; href?: string }

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi
const TRAILING = /[.,;:!?)\]}'"]+$/

/**
 * linkifyBio splits a bio into text and http(s) links (trailing punctuation stays text).
 * Nothing else becomes a link, and nothing is ever rendered as markup.
 */
export function linkifyBio(bio: string): BioPart[] {
  const parts: BioPart[] = []
  let last = 0
  for (const match of bio.matchAll(URL_IN_TEXT)) {
    const raw = match[0]
    const url = raw.replace(TRAILING, '')
    const start = match.index
    if (start > last) parts.push({ text: bio.slice(last, start) })
    parts.push({ text: url, href: safeHttpUrl(url) ?? undefined })
    last = start + url.length
  }
  if (last < bio.length) parts.push({ text: bio.slice(last) })
  return parts.filter((p) => p.text !== '')
}

/** safeHttpUrl returns the address when it is http(s) with a host and no credentials, else null. */
export function safeHttpUrl(text: string): string | null {
  try {
    const url = new URL(text)
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null
    return url.href
  } catch {
    return null
  }
}

/** websiteLabel is how a website link reads: the host and path, without the scheme. */
export const websiteLabel = (href: string) => href.replace(/^https?:\/\//i, '').replace(/\/$/, '')
