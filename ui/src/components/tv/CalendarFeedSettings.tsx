import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { serverMessage } from '../../lib/apiErrors'
import { toast } from '../../lib/toast'
import { webcalUrl } from '../../lib/tv'
import { ConfirmNewAddress } from '../settings/ConfirmNewAddress'
import { copyText } from '../share/clipboard'
import { calendarFeedQuery, useRevokeCalendarFeed, useRotateCalendarFeed } from '../../queries/tv'
import { CalendarIcon } from '../ui/icons'
import { Spinner } from '../ui/Spinner'

/**
 * CalendarFeedSettings: the member's private calendar address (an iCalendar feed of the
 * episodes on their calendar page) for Google Calendar, Apple Calendar or Thunderbird:
 * make one, copy it, open it in a calendar app (webcal://), get a new one (the old one
 * stops working) or turn it off. A settings section of its own, so the settings area can
 * list it.
 */
export function CalendarFeedSettings() {
  const headingId = useId()
  const feed = useQuery(calendarFeedQuery())
  const rotate = useRotateCalendarFeed()
  const revoke = useRevokeCalendarFeed()
  const url = feed.data?.path ? `${window.location.origin}${feed.data.path}` : null
  const act = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what()
      toast({ title: done })
      return true
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, 'Failed to change your calendar address. Please try again.'), variant: 'destructive' })
      return false
    }
  }
  const copy = async () => {
    if (!url) return
    try {
      await copyText(url)
      toast({ title: 'Copied', description: 'Paste it into your calendar app as a subscription (from URL).' })
    } catch {
      toast({ title: 'Error', description: 'Failed to copy content', variant: 'destructive' })
    }
  }
  return (
    <section aria-labelledby={headingId} className="card border border-base-300/70 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          <CalendarIcon className="size-5" /> Calendar subscription
        </h2>
        <p className="text-sm text-base-content/70">
          Subscribe to your TV calendar in Google Calendar, Apple Calendar or Thunderbird: the episodes of the shows you
          follow appear on their air dates and stay up to date. Anyone with the address can see which shows you follow, so
          keep it to yourself; getting a new one turns the old one off.
        </p>
        {feed.isPending ? (
          <Spinner label="Loading your calendar address" />
        ) : feed.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            <span>Your calendar address could not be loaded.</span>
            <button type="button" className="btn btn-sm" onClick={() => void feed.refetch()}>
              Try again
            </button>
          </div>
        ) : url ? (
          <div className="grid gap-3">
            <label className="form-control">
              <span className="label-text mb-1 text-sm font-medium">Your private calendar address</span>
              <input className="input input-bordered w-full font-mono text-xs" readOnly value={url} onFocus={(e) => e.target.select()} />
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void copy()}>
                Copy address
              </button>
              <a className="btn btn-outline btn-sm" href={webcalUrl(url)}>
                Open in calendar app
              </a>
              <ConfirmNewAddress pending={rotate.isPending} onConfirm={() => act(() => rotate.mutateAsync(), 'New calendar address ready')} />
              <button type="button" className="btn btn-ghost btn-sm text-error" disabled={revoke.isPending} onClick={() => void act(() => revoke.mutateAsync(), 'Calendar address turned off')}>
                Turn off
              </button>
            </div>
          </div>
        ) : (
          <div>
            <button type="button" className="btn btn-primary" disabled={rotate.isPending} onClick={() => void act(() => rotate.mutateAsync(), 'Calendar address ready')}>
              Create my calendar address
            </button>
          </div>
        )}
      </div>
    </section>
  )
}
