import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { AuthLayout } from '../components/auth/AuthLayout'
import { formErrors } from '../components/auth/errors'
import { FormAlert, TextField } from '../components/ui/FormField'
import { CheckIcon } from '../components/ui/icons'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { useConfirmPasswordReset } from '../queries/account'

const MIN_PASSWORD = 8

/** ResetPassword (/reset-password/:token): the page the reset email links to. */
export default function ResetPassword() {
  useDocumentTitle('Choose a new password')
  const { token = '' } = useParams()
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const [local, setLocal] = useState<Record<string, string>>({})
  const confirm = useConfirmPasswordReset()
  const server = formErrors(confirm.error, ['password', 'passwordConfirm'])
  const tokenProblem = formErrors(confirm.error, ['token']).fields.token
  const general = tokenProblem ? 'This reset link is invalid or has expired. Ask for a new one from the sign-in page.' : server.general

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const errors: Record<string, string> = {}
    if (password.length < MIN_PASSWORD) errors.password = `Use at least ${MIN_PASSWORD} characters.`
    if (passwordConfirm !== password) errors.passwordConfirm = 'The passwords do not match.'
    setLocal(errors)
    if (Object.keys(errors).length === 0) confirm.mutate({ token, password, passwordConfirm })
  }

  return (
    <AuthLayout>
      <div className="card border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 sm:p-8">
          {confirm.isSuccess ? (
            <div role="status" className="grid gap-4 text-center">
              <div className="mx-auto grid size-14 place-items-center rounded-full bg-success/10 text-success">
                <CheckIcon className="size-7" />
              </div>
              <h1 className="text-2xl font-bold">Password reset</h1>
              <p className="text-sm text-base-content/70">Your password has been changed. Sign in with the new one.</p>
              <Link to="/login" className="btn btn-primary">
                Go to sign in
              </Link>
            </div>
          ) : (
            <>
              <div>
                <h1 className="text-2xl font-bold">Choose a new password</h1>
                <p className="mt-1 text-sm text-base-content/70">Pick something at least {MIN_PASSWORD} characters long.</p>
              </div>
              <form noValidate onSubmit={onSubmit} className="grid gap-4">
                <FormAlert>{general}</FormAlert>
                <TextField
                  label="New password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={local.password ?? server.fields.password}
                  autoFocus
                />
                <TextField
                  label="Confirm new password"
                  name="passwordConfirm"
                  type="password"
                  autoComplete="new-password"
                  value={passwordConfirm}
                  onChange={(e) => setPasswordConfirm(e.target.value)}
                  error={local.passwordConfirm ?? server.fields.passwordConfirm}
                />
                <button type="submit" className="btn btn-primary" disabled={confirm.isPending}>
                  {confirm.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  Reset Password
                </button>
                <Link to="/login" className="btn btn-ghost">
                  Back to sign in
                </Link>
              </form>
            </>
          )}
        </div>
      </div>
    </AuthLayout>
  )
}
