import { useState, type CSSProperties } from 'react'
import { generatedPoster, POSTER_WIDTH, posterUrl, type PosterSize } from '../../lib/catalog'

/**
 * Poster shows a title's poster from our own /img route (lazy, 2:3), and falls back to a
 * generated poster (a gradient seeded by the id with the title set in type) when the title
 * has no poster or the image fails to load. Width comes from className (e.g. 'w-14').
 */
export function Poster({
  id,
  title,
  path,
  size,
  className = '',
  eager = false,
  decorative = false,
}: {
  id: number | string
  title: string
  path: string | null | undefined
  size: PosterSize
  className?: string
  /** Load at once (the page's main poster) instead of when scrolled near. */
  eager?: boolean
  /** The title is written next to the poster: hide it from screen readers. */
  decorative?: boolean
}) {
  const src = posterUrl(path, size)
  const [failed, setFailed] = useState<string | null>(null)
  const frame = `aspect-[2/3] shrink-0 overflow-hidden rounded-lg bg-base-300 shadow-sm ${className}`
  if (!src || failed === src) {
    return <GeneratedPoster id={id} title={title} className={frame} decorative={decorative} />
  }
  const width = POSTER_WIDTH[size]
  return (
    <img
      src={src}
      alt={decorative ? '' : `${title} poster`}
      width={width}
      height={Math.round(width * 1.5)}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`${frame} object-cover`}
      onError={() => setFailed(src)}
    />
  )
}

function GeneratedPoster({
  id,
  title,
  className,
  decorative,
}: {
  id: number | string
  title: string
  className: string
  decorative: boolean
}) {
  const look = generatedPoster(id, title)
  // Type scales with the poster's own width (container query units), so one look serves
  // a 56 px trending thumbnail and a 300 px page poster alike.
  const frameStyle: CSSProperties = { background: look.background, containerType: 'inline-size' }
  return (
    <div
      className={`relative flex flex-col justify-end ${className}`}
      style={frameStyle}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : `${look.title} poster`}
      aria-hidden={decorative || undefined}
    >
      <div
        className="pointer-events-none absolute inset-0"
        style={{ background: 'radial-gradient(120% 70% at 15% 0%, rgb(255 255 255 / 0.22), transparent 60%)' }}
      />
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-[3%]"
        style={{ background: `hsl(${look.hue} 85% 65% / 0.85)` }}
      />
      <div className="relative p-[9cqw]" style={{ paddingBottom: '11cqw' }}>
        <div className="mb-[5cqw] h-[1.5cqw] w-[22cqw] rounded-full bg-white/70" />
        <p
          className="line-clamp-4 font-serif leading-[1.08] font-bold break-words text-white drop-shadow-sm"
          style={{ fontSize: '12.5cqw' }}
        >
          {look.title}
        </p>
      </div>
    </div>
  )
}
