import { useId } from 'react'
import { bars } from '../../lib/year'

const WIDTH = 360
const HEIGHT = 120
const LABEL = 16

/**
 * BarChart: a column chart drawn as SVG. Screen readers get the figure's name from
 * the SVG's title and every value as a sentence in a list beside it (the SVG itself is
 * one image to them); sighted readers see the bars, their labels and a tooltip per bar.
 */
export function BarChart({
  title,
  values,
  labels,
  describe,
  highlight,
}: {
  title: string
  values: number[]
  labels: string[]
  describe: (value: number, index: number) => string
  highlight?: number
}) {
  const id = useId()
  const laid = bars(values, WIDTH, HEIGHT)
  return (
    <div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL}`}
        className="w-full text-primary"
        role="img"
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
      >
        <title id={`${id}-t`}>{title}</title>
        {laid.map((bar, i) => (
          <g key={i}>
            <rect
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={2}
              fill="currentColor"
              opacity={bar.value === 0 ? 0.2 : i === highlight ? 1 : 0.7}
            >
              <title>{describe(bar.value, i)}</title>
            </rect>
            <text x={bar.x + bar.width / 2} y={HEIGHT + LABEL - 3} textAnchor="middle" fontSize={10} className="fill-base-content/60">
              {labels[i]}
            </text>
          </g>
        ))}
      </svg>
      <ul id={`${id}-d`} className="sr-only">
        {values.map((v, i) => (
          <li key={i}>{describe(v, i)}</li>
        ))}
      </ul>
    </div>
  )
}
