/** The exact settings to enter in each media server, shown under the member's address. */
const GUIDES: { server: string; steps: (url: string) => React.ReactNode[] }[] = [
  {
    server: 'Jellyfin',
    steps: (url) => [
      <>Dashboard → Plugins → Catalog: install <b>Webhook</b>, then restart Jellyfin.</>,
      <>Dashboard → Plugins → Webhook → <b>Add Generic Destination</b>.</>,
      <>Webhook Url: <code className="break-all">{url}</code></>,
      <>Notification Type: tick <b>Playback Start</b> and <b>Playback Stop</b>. Item Type: tick <b>Movies</b> and <b>Episodes</b>.</>,
      <>User Filter: tick your own Jellyfin user. Tick <b>Send All Properties (ignores template)</b>. Save.</>,
    ],
  },
  {
    server: 'Plex',
    steps: (url) => [
      <>Needs Plex Pass. In Plex Web: Settings (your account) → <b>Webhooks</b> → <b>Add Webhook</b>.</>,
      <>URL: <code className="break-all">{url}</code> → Save Changes.</>,
      <>Plex sends every play of your account (media.scrobble at 90%, media.stop); other events are ignored.</>,
    ],
  },
  {
    server: 'Emby',
    steps: (url) => [
      <>Emby Server dashboard → <b>Notifications</b> → <b>Add Notification</b> → <b>Webhooks</b>.</>,
      <>URL: <code className="break-all">{url}</code>, Request content type: <b>application/json</b>.</>,
      <>Events: tick <b>Playback → Start</b>, <b>Stop</b> and <b>Mark Played</b>; Limit to user: yourself. Save.</>,
    ],
  },
  {
    server: 'Kodi',
    steps: (url) => [
      <>Kodi has no webhooks of its own: use a script or add-on that posts JSON on playback events (for example the Kodi Callbacks add-on's HTTP task).</>,
      <>POST to <code className="break-all">{url}</code> with Content-Type <b>application/json</b>.</>,
      <>
        Body: <code className="break-all">{'{"event":"stop","type":"movie","title":"Heat","year":1995,"ids":{"tmdb":949},"progress":97}'}</code> — for an episode{' '}
        <code className="break-all">{'{"event":"stop","type":"episode","show":{"title":"Breaking Bad"},"season":1,"episode":2,"progress":97}'}</code>. Events: play, resume, stop, scrobble.
      </>,
    ],
  },
]

/** ServerGuides: one collapsible section per media server with the settings to enter. */
export function ServerGuides({ url }: { url: string }) {
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">Set up your media server</h3>
      {GUIDES.map((g) => (
        <details key={g.server} className="collapse-arrow collapse border border-base-300 bg-base-100">
          <summary className="collapse-title font-medium">{g.server}</summary>
          <div className="collapse-content text-sm">
            <ol className="list-decimal space-y-1 pl-5">
              {g.steps(url).map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </div>
        </details>
      ))}
    </div>
  )
}
