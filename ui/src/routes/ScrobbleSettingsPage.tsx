import { Link } from 'react-router'
import { ScrobbleSettings } from '../components/scrobble/ScrobbleSettings'
import { PageHeader } from '../components/ui/PageHeader'

/** ScrobbleSettingsPage (/settings/scrobbling): log films and episodes from a media server. */
export default function ScrobbleSettingsPage() {
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Scrobbling">
        Log what you watch on Jellyfin, Plex, Emby or Kodi automatically.{' '}
        <Link to="/settings/import" className="link">
          Plays waiting to be matched are on the Import page
        </Link>
      </PageHeader>
      <ScrobbleSettings />
    </div>
  )
}
