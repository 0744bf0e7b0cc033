import { useState, type FormEvent } from 'react'
import { formErrors } from '../components/auth/errors'
import { FormAlert, TextField } from '../components/ui/FormField'
import { PageHeader } from '../components/ui/PageHeader'
import { toast } from '../lib/toast'
import { useChangePassword } from '../queries/account'

const MIN_PASSWORD = 8
const empty = { currentPassword: '', password: '', passwordConfirm: '' }

/** ChangePassword (/settings/password): current, new (8+), confirm. The session stays signed in. */
export default function ChangePassword() {
  const [values, setValues] = useState(empty)
  const [local, setLocal] = useState<Record<string, string>>({})
  const change = useChangePassword()
  const server = formErrors(change.error, ['currentPassword', 'password', 'passwordConfirm'])
  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }))

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const errors: Record<string, string> = {}
    if (!values.currentPassword) errors.currentPassword = 'Enter your current password.'
    if (values.password.length < MIN_PASSWORD) errors.password = `Use at least ${MIN_PASSWORD} characters.`
    if (values.passwordConfirm !== values.password) errors.passwordConfirm = 'The passwords do not match.'
    setLocal(errors)
    if (Object.keys(errors).length > 0) return
    change.mutate(values, {
      onSuccess: () => {
        setValues(empty)
        toast({ title: 'Password Changed', description: 'Your new password is set. You are still signed in here.' })
      },
    })
  }

  const error = (name: keyof typeof empty) => local[name] ?? server.fields[name]

  return (
    <div className="mx-auto max-w-lg">
      <PageHeader title="Change Password">Other devices will need to sign in again with the new password.</PageHeader>
      <form noValidate onSubmit={onSubmit} className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <FormAlert>{server.general}</FormAlert>
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={error('currentPassword')}
          />
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={error('password')}
            hint={`At least ${MIN_PASSWORD} characters.`}
          />
          <TextField
            label="Confirm new password"
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            value={values.passwordConfirm}
            onChange={set('passwordConfirm')}
            error={error('passwordConfirm')}
          />
          <div className="card-actions justify-end">
            <button type="submit" className="btn btn-primary" disabled={change.isPending}>
              {change.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Update Password
            </button>
          </div>
        </div>
      </form>
    </div>
  )
}
