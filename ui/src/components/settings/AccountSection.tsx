import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { toast } from '../../lib/toast'
import { isConfirmEmailAnswer, useChangeEmail } from '../../queries/account'
import { useCurrentUser } from '../../queries/auth'
import { formErrors } from '../auth/errors'
import { FormAlert, TextField } from '../ui/FormField'
import { PageHeader } from '../ui/PageHeader'

/**
 * AccountSection (/settings/account): the email you sign in with (changed with your
 * password; with mail set up, only once the link sent to the new address is opened) and
 * the way to the password page.
 */
export default function AccountSection() {
  const { data: me } = useCurrentUser()
  const change = useChangeEmail()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const errors = formErrors(change.error, ['email', 'password'])
  if (!me) return null
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    change.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => {
          setPassword('')
          if (isConfirmEmailAnswer(answer)) {
            setSentTo(answer.email)
          } else {
            setEmail('')
            toast({ title: 'Email Changed', description: `You sign in with ${answer.email} now.` })
          }
        },
      },
    )
  }
  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title="Account">How you sign in.</PageHeader>
      <section aria-labelledby="email-heading" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h2 id="email-heading" className="font-semibold">
            Email
          </h2>
          <p className="text-sm">
            You sign in with <strong data-testid="account-email">{me.email}</strong>.
          </p>
          {sentTo && (
            <div role="status" className="alert alert-info alert-soft text-sm">
              Check {sentTo} for a link to confirm the change. Your email stays {me.email} until then.
            </div>
          )}
          <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Change email">
            <FormAlert>{errors.general}</FormAlert>
            <TextField label="New email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.fields.email} />
            <TextField label="Current password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.fields.password} />
            <div className="flex justify-end">
              <button type="submit" className="btn btn-primary" disabled={change.isPending}>
                Change Email
              </button>
            </div>
          </form>
        </div>
      </section>
      <section className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body flex-row flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">Password</h2>
          <Link to="/settings/password" className="btn btn-sm">
            Change Password
          </Link>
        </div>
      </section>
    </div>
  )
}
