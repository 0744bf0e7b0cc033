import type { Ref } from 'react'
import type { ActivityUser } from '../../lib/feed'
import { itemsLabel } from '../../lib/lists'
import { shareCardStyle } from '../../lib/share'
import { Poster } from '../catalog/Poster'
import { CardSignature } from '../share/CardSignature'

/** MOSAIC_SIZE: how many of a list's first posters its card shows. */
const MOSAIC_SIZE = 4

/** What a list's share card shows. */
export interface ListCardData {
  name: string
  ranked: boolean
  itemCount: number
  posters: readonly string[]
  owner: ActivityUser | null
}

/**
 * ListShareCard: the image a list is shared as: a mosaic of its first posters (in rank
 * order, numbered for a ranked list), its name and size, its maker and the tagline.
 * Fixed colours, so it looks the same in every theme; fluid lets the preview shrink on
 * narrow phones while the captured copy stays 400 px, like the review card.
 */
export function ListShareCard({ list, fluid = false, ref }: { list: ListCardData; fluid?: boolean; ref?: Ref<HTMLDivElement> }) {
  const slots = Array.from({ length: MOSAIC_SIZE }, (_, i) => list.posters[i])
  return (
    <div
      ref={ref}
      data-testid="list-share-card"
      className="overflow-hidden rounded-2xl p-5 text-white"
      style={shareCardStyle(fluid, 'linear-gradient(160deg, #052e16 0%, #134e4a 45%, #1e3a8a 100%)')}
    >
      <div className="grid grid-cols-4 gap-2" data-testid="list-share-mosaic">
        {slots.map((path, i) =>
          path === undefined ? (
            <div key={i} className="aspect-[2/3] rounded-lg" style={{ background: 'rgba(255,255,255,0.08)' }} />
          ) : (
            <div key={i} className="relative">
              <Poster id={`${list.name}-${i}`} title={list.name} path={path} size="w185" eager decorative className="w-full shadow-lg" />
              {list.ranked && (
                <span className="absolute top-1 left-1 grid size-6 place-items-center rounded-full text-xs font-bold" style={{ background: 'rgba(0,0,0,0.7)' }}>
                  {i + 1}
                </span>
              )}
            </div>
          ),
        )}
      </div>
      <p className="mt-4 text-xs font-semibold tracking-widest uppercase" style={{ color: '#99f6e4' }}>
        {list.ranked ? 'Ranked list' : 'List'}
      </p>
      <p className="mt-1 text-2xl leading-tight font-bold break-words">{list.name}</p>
      <p className="mt-0.5 text-sm" style={{ color: '#ccfbf1' }}>
        {itemsLabel(list.itemCount)}
      </p>
      <CardSignature user={list.owner} accent="#ccfbf1" />
    </div>
  )
}
