import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { HANDLE_RULE, validHandle } from '../../lib/public'
import { toast } from '../../lib/toast'
import { settingsQuery, useSaveSettings, type Settings } from '../../queries/settings'
import { formErrors } from '../auth/errors'
import { FormAlert, TextField } from '../ui/FormField'
import { PageHeader } from '../ui/PageHeader'
import { Spinner } from '../ui/Spinner'

/** SharingSection (/settings/sharing): the public profile switch and the handle in its address. */
export default function SharingSection() {
  const settings = useQuery(settingsQuery())
  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title="Sharing">Who can see your film diary outside CineCircle.</PageHeader>
      {settings.isPending && <Spinner label="Loading your settings" />}
      {settings.isError && (
        <div role="alert" className="alert alert-error">
          Your settings could not be loaded. Reload the page to try again.
        </div>
      )}
      {settings.data && <SharingForm key={settings.data.handle} settings={settings.data} />}
    </div>
  )
}

function SharingForm({ settings }: { settings: Settings }) {
  const [isPublic, setPublic] = useState(settings.public)
  const [handle, setHandle] = useState(settings.handle || settings.handleSuggestion || '')
  const [local, setLocal] = useState<string | undefined>()
  const save = useSaveSettings()
  const server = formErrors(save.error, ['public', 'handle'])
  const id = useId()
  const address = `${window.location.origin}/u/${settings.handle || handle}`

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const h = handle.trim()
    if (!validHandle(h)) return setLocal(HANDLE_RULE)
    setLocal(undefined)
    save.mutate(
      { public: isPublic, handle: h },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Sharing Updated',
            description: saved.public ? `Anyone with the link can see your profile at /u/${saved.handle}.` : 'Only signed-in members can see your profile.',
          }),
      },
    )
  }
  return (
    <form noValidate onSubmit={onSubmit} className="card border border-base-300 bg-base-100 shadow-sm" aria-label="Sharing">
      <div className="card-body gap-4">
        <FormAlert>{server.general}</FormAlert>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-public`}
            type="checkbox"
            role="switch"
            className="toggle toggle-primary mt-0.5"
            checked={isPublic}
            onChange={(e) => setPublic(e.target.checked)}
            aria-describedby={`${id}-public-help`}
          />
          <div>
            <label htmlFor={`${id}-public`} className="font-medium">
              Public profile
            </label>
            <p id={`${id}-public-help`} className="text-sm text-base-content/70">
              When this is on, anyone with a link — even without an account — can see your profile, your reviews and ratings, your
              diary, your Year in Review and your public lists, and search engines may list them. Your email and anything a moderator
              hid stay private, and friends you watched with are only named if their profile is public too. When it is off, only
              signed-in members see your diary.
            </p>
          </div>
        </div>
        <TextField
          label="Handle"
          name="handle"
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          error={local ?? server.fields.handle}
          hint={`Your public address: ${address}. ${HANDLE_RULE} If you change it, the old address keeps working for 90 days.`}
          autoComplete="off"
          spellCheck={false}
        />
        {settings.public && settings.handle && (
          <p className="text-sm">
            <a className="link" href={`/u/${settings.handle}`}>
              View your public profile
            </a>{' '}
            ·{' '}
            <a className="link" href={`/u/${settings.handle}/rss`}>
              RSS feed
            </a>
          </p>
        )}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Save
          </button>
        </div>
      </div>
    </form>
  )
}
