import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { serverMessage } from '../../lib/apiErrors'
import { toast } from '../../lib/toast'
import { scrobbleSettingsQuery, useRotateScrobble, useUpdateScrobble, type ScrobblePatch } from '../../queries/scrobble'
import { ConfirmNewAddress } from '../settings/ConfirmNewAddress'
import { copyText } from '../share/clipboard'
import { Spinner } from '../ui/Spinner'
import { ServerGuides } from './ServerGuides'

/** THRESHOLDS: how much of a film or episode must be played before it logs. */
const THRESHOLDS = [50, 60, 70, 75, 80, 85, 90, 95, 100]

/**
 * ScrobbleSettings: the member's personal webhook for Jellyfin, Plex, Emby and Kodi (copy
 * it, show it, get a new one, switch it off), whether plays post to the feed, how much
 * must be played, 'watching now', and the settings to enter in each server. A settings
 * section of its own, so the settings area can list it.
 */
export function ScrobbleSettings() {
  const headingId = useId()
  const settings = useQuery(scrobbleSettingsQuery())
  const update = useUpdateScrobble()
  const rotate = useRotateScrobble()
  const [shown, setShown] = useState(false)
  const s = settings.data
  const url = s ? `${window.location.origin}${s.path}` : ''
  const change = (patch: ScrobblePatch) =>
    update.mutate(patch, {
      onError: (err) => toast({ title: 'Error', description: serverMessage(err, 'Your scrobbling settings could not be saved. Please try again.'), variant: 'destructive' }),
    })
  const copy = async () => {
    try {
      await copyText(url)
      toast({ title: 'Copied', description: 'Paste it into your media server as its webhook URL.' })
    } catch {
      toast({ title: 'Error', description: 'Failed to copy content', variant: 'destructive' })
    }
  }
  const renew = async () => {
    try {
      await rotate.mutateAsync()
      setShown(true)
      toast({ title: 'New address ready', description: 'Enter it in your media server: the old one no longer works.' })
      return true
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, 'Failed to get a new address. Please try again.'), variant: 'destructive' })
      return false
    }
  }
  return (
    <section aria-labelledby={headingId} className="card border border-base-300/70 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          Log by watching
        </h2>
        <p className="text-sm text-base-content/70">
          Films and episodes you play on Jellyfin, Plex, Emby or Kodi are logged for you: a film becomes a diary watch, an
          episode moves your progress and Up Next. Your address is secret: anyone with it can log plays for you, so keep it
          to yourself; getting a new one turns the old one off.
        </p>
        {settings.isPending ? (
          <Spinner label="Loading your scrobbling settings" />
        ) : settings.isError || !s ? (
          <div role="alert" className="alert alert-error alert-soft">
            <span>Your scrobbling settings could not be loaded.</span>
            <button type="button" className="btn btn-sm" onClick={() => void settings.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <label className="label cursor-pointer justify-start gap-3">
              <input type="checkbox" className="toggle toggle-primary" checked={s.enabled} onChange={(e) => change({ enabled: e.target.checked })} />
              <span>Log plays from my media server</span>
            </label>
            {s.enabled && (
              <div className="grid gap-3">
                <label className="form-control">
                  <span className="label-text mb-1 text-sm font-medium">Your webhook address</span>
                  <input
                    className="input input-bordered w-full font-mono text-xs"
                    readOnly
                    aria-label="Your webhook address"
                    value={shown ? url : `${window.location.origin}/api/scrobble/${'•'.repeat(12)}`}
                    onFocus={(e) => shown && e.target.select()}
                  />
                </label>
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => void copy()}>
                    Copy address
                  </button>
                  <button type="button" className="btn btn-outline btn-sm" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
                    {shown ? 'Hide' : 'Show'}
                  </button>
                  <ConfirmNewAddress pending={rotate.isPending} onConfirm={renew} />
                </div>
              </div>
            )}
            <label className="label cursor-pointer justify-start gap-3">
              <input type="checkbox" className="toggle" checked={s.postToFeed} onChange={(e) => change({ postToFeed: e.target.checked })} />
              <span>Post what I watch to the feed (otherwise plays are logged quietly)</span>
            </label>
            <label className="label cursor-pointer justify-start gap-3">
              <input type="checkbox" className="toggle" checked={s.nowWatching} onChange={(e) => change({ nowWatching: e.target.checked })} />
              <span>Show 'watching now' on my profile and to people who follow me while something plays</span>
            </label>
            <label className="form-control max-w-xs">
              <span className="label-text mb-1 text-sm font-medium">Log a play once I've watched at least</span>
              <select className="select select-bordered select-sm" value={s.threshold} onChange={(e) => change({ threshold: Number(e.target.value) })}>
                {THRESHOLDS.map((t) => (
                  <option key={t} value={t}>
                    {t}%
                  </option>
                ))}
              </select>
            </label>
            <ServerGuides url={shown ? url : 'your webhook address (Show it above)'} />
          </>
        )}
      </div>
    </section>
  )
}
