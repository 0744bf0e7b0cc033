import { Poster } from '../catalog/Poster'

/** PosterMosaic: a list's first posters side by side, overlapping a little (the card's picture). */
export function PosterMosaic({ posters, name, className = 'w-14' }: { posters: readonly string[]; name: string; className?: string }) {
  const shown = posters.slice(0, 4)
  if (shown.length === 0) return <div aria-hidden="true" className={`aspect-[2/3] rounded-lg bg-base-300 ${className}`} />
  return (
    <div aria-hidden="true" className="flex -space-x-6">
      {shown.map((path, i) => (
        <Poster key={`${path}-${i}`} id={`${name}-${i}`} title={name} path={path} size="w154" className={`${className} ring-2 ring-base-100`} decorative />
      ))}
    </div>
  )
}
