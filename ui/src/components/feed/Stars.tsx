import { useId } from 'react'
import { starFills } from '../../lib/feed'
import { formatRating } from '../../lib/rating'

const STAR_PATH = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z'

/**
 * Stars: a 0–10 rating as five stars, partly filled for decimals (SPEC §9), with the
 * rating written as X.X/10.0 beside them. One SVG with a clip, so it also survives the
 * share card's capture.
 */
export function Stars({
  rating,
  size = 16,
  showValue = true,
  className = '',
  valueClassName = 'text-sm font-semibold tabular-nums',
  emptyColor,
}: {
  rating: number
  size?: number
  showValue?: boolean
  className?: string
  valueClassName?: string
  /** The unfilled stars' colour; by default the text colour, faint. */
  emptyColor?: string
}) {
  const clip = useId().replace(/:/g, '')
  const fills = starFills(rating)
  const gap = 2
  const width = fills.length * size + (fills.length - 1) * gap
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg width={width} height={size} viewBox={`0 0 ${width} ${size}`} aria-hidden="true" focusable="false" className="shrink-0">
        <defs>
          <clipPath id={`${clip}-fill`}>
            {fills.map((fill, i) =>
              fill > 0 ? <rect key={i} x={i * (size + gap)} y={0} width={size * fill} height={size} /> : null,
            )}
          </clipPath>
        </defs>
        {fills.map((_, i) => (
          <path key={`e${i}`} d={STAR_PATH} transform={`translate(${i * (size + gap)} 0) scale(${size / 24})`} fill={emptyColor ?? 'currentColor'} fillOpacity={emptyColor ? 1 : 0.2} />
        ))}
        <g clipPath={`url(#${clip}-fill)`}>
          {fills.map((_, i) => (
            <path key={`f${i}`} d={STAR_PATH} transform={`translate(${i * (size + gap)} 0) scale(${size / 24})`} fill="#f5b301" />
          ))}
        </g>
      </svg>
      {showValue ? <span className={valueClassName}>{formatRating(rating)}</span> : <span className="sr-only">{formatRating(rating)}</span>}
    </span>
  )
}
