import { useQuery } from '@tanstack/react-query'
import type { CatalogKind } from '../../lib/catalog'
import { communityRatingQuery } from '../../queries/catalog'
import { UsersIcon } from '../ui/icons'

/**
 * CommunityRating: how members of this CineCircle rate the title, as X.X/10.0 with the
 * number of ratings. Nothing shows until someone has rated it.
 */
export function CommunityRating({ kind, id }: { kind: CatalogKind; id: number }) {
  const { data } = useQuery(communityRatingQuery(kind, id))
  if (!data || data.count === 0) return null
  return (
    <p className="mt-3 ml-2 inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold" data-testid="community-rating">
      <UsersIcon className="size-4 text-primary" />
      {data.average.toFixed(1)}/10.0
      <span className="font-normal text-base-content/60">
        from {data.count} {data.count === 1 ? 'member' : 'members'}
      </span>
    </p>
  )
}
