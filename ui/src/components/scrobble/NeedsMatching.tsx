import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { importsQuery } from '../../queries/portability'
import { UnmatchedList } from '../portability/UnmatchedList'

/**
 * NeedsMatching: the Import page's section for media-server plays no catalog title matched
 * (held in the member's standing 'scrobble' import), each matched by hand as an unmatched
 * import row is; and the way to the scrobbling settings.
 */
export function NeedsMatching() {
  const { data } = useQuery(importsQuery())
  const held = data?.find((imp) => imp.source === 'scrobble')
  return (
    <section aria-labelledby="needs-matching-title" className="card border border-base-300/70 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="needs-matching-title" className="card-title">
          Log by watching
        </h2>
        <p className="text-sm text-base-content/70">
          Log what you play on Jellyfin, Plex, Emby or Kodi automatically.{' '}
          <Link to="/settings/scrobbling" className="link link-primary">
            Set up scrobbling
          </Link>
        </p>
        {held && held.unmatched.length > 0 && (
          <div>
            <h3 className="font-semibold">Needs matching</h3>
            <UnmatchedList importId={held.id} items={held.unmatched} />
          </div>
        )}
      </div>
    </section>
  )
}
