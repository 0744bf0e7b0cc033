import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router'
import { toast } from '../../lib/toast'
import { federationStatusQuery } from '../../queries/federation'
import { settingsQuery, useSaveSettings } from '../../queries/settings'
import { formErrors } from '../auth/errors'
import { FormAlert } from '../ui/FormField'
import { PageHeader } from '../ui/PageHeader'
import { Spinner } from '../ui/Spinner'
import { FollowApproval } from './FollowRequests'

/** FediverseSection (/settings/fediverse): the switch that lets Mastodon, NeoDB and other servers find and follow the member. */
export default function FediverseSection() {
  const settings = useQuery(settingsQuery())
  const status = useQuery(federationStatusQuery())
  const save = useSaveSettings()
  const server = formErrors(save.error, ['federated'])
  const id = useId()
  const loading = settings.isPending || status.isPending
  const failed = settings.isError || status.isError

  const toggle = (federated: boolean) =>
    save.mutate(
      { federated },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Fediverse Updated',
            description: saved.federated
              ? 'People on other servers can now find and follow you.'
              : 'You are no longer visible to other servers.',
          }),
      },
    )

  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title="Fediverse">Let people on Mastodon, NeoDB and other CineCircles follow your reviews.</PageHeader>
      {loading && <Spinner label="Loading your settings" />}
      {failed && (
        <div role="alert" className="alert alert-error">
          Your settings could not be loaded. Reload the page to try again.
        </div>
      )}
      {settings.data && status.data && (
        <section className="card border border-base-300 bg-base-100 shadow-sm" aria-label="Fediverse">
          <div className="card-body gap-4">
            <FormAlert>{server.general}</FormAlert>
            {!status.data.enabled ? (
              <p>Federation is off in this community. An admin can turn it on in the dashboard.</p>
            ) : !settings.data.public ? (
              <p>
                The fediverse sees what visitors see, so this needs a public profile.{' '}
                <Link className="link" to="/settings/sharing">
                  Turn on Public profile in Sharing
                </Link>{' '}
                first.
              </p>
            ) : null}
            <div className="flex items-start gap-3">
              <input
                id={`${id}-federated`}
                type="checkbox"
                role="switch"
                className="toggle toggle-primary mt-0.5"
                checked={settings.data.federated}
                disabled={save.isPending || !status.data.enabled || (!settings.data.public && !settings.data.federated)}
                onChange={(e) => toggle(e.target.checked)}
                aria-describedby={`${id}-federated-help`}
                aria-invalid={server.fields.federated ? true : undefined}
              />
              <div>
                <label htmlFor={`${id}-federated`} className="font-medium">
                  Join the fediverse
                </label>
                <p id={`${id}-federated-help`} className="text-sm text-base-content/70">
                  When this is on, people on other servers can find you
                  {status.data.enabled && settings.data.handle ? ` as @${settings.data.handle}@${status.data.host}` : ''} and see
                  what your public profile shows: your reviews and ratings. Nothing private, followers-only or hidden by a moderator
                  leaves CineCircle. When it is off, other servers cannot find you at all.
                </p>
                {server.fields.federated && (
                  <p role="alert" className="mt-1 text-sm text-error">
                    {server.fields.federated}
                  </p>
                )}
              </div>
            </div>
            {settings.data.federated && status.data.enabled && <FollowApproval settings={settings.data} />}
          </div>
        </section>
      )}
    </div>
  )
}
