import { Link, Navigate, useSearchParams } from 'react-router'
import { AuthLayout } from '../components/auth/AuthLayout'
import { formErrors } from '../components/auth/errors'
import { FormAlert } from '../components/ui/FormField'
import { MailIcon } from '../components/ui/icons'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { signupTokenEmail } from '../lib/signup'
import { useConfirmEmail } from '../queries/account'
import { useCurrentUser } from '../queries/auth'

/**
 * ConfirmEmail (/confirm-email?token=…): the page a sign-up's email links to. The account is
 * created when its owner presses the button, not on load, so a mail scanner that follows
 * links cannot use the link up. Signing in swaps the app shell (this page mounts afresh),
 * so "done" is read from the session: the signed-in member has the link's address.
 */
export default function ConfirmEmail() {
  useDocumentTitle('Confirm your email')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const email = signupTokenEmail(token)
  const { data: user } = useCurrentUser()
  const confirm = useConfirmEmail()
  const { fields, general } = formErrors(confirm.error, ['token'])

  if (confirm.isSuccess || (email && user?.email === email)) return <Navigate to="/" replace />

  const problem = fields.token ?? general
  return (
    <AuthLayout>
      <div className="card border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 text-center sm:p-8">
          <div className="mx-auto grid size-14 place-items-center rounded-full bg-primary/10 text-primary">
            <MailIcon className="size-7" />
          </div>
          <div>
            <h1 className="text-2xl font-bold">Confirm your email</h1>
            <p className="mt-1 text-sm text-base-content/70">
              One step left: confirm {email ? <strong>{email}</strong> : 'your address'} to create your account.
            </p>
          </div>
          <FormAlert>{problem}</FormAlert>
          {fields.token ? (
            <div className="grid gap-2">
              <Link to="/login" className="btn btn-primary">
                Go to sign in
              </Link>
              <Link to="/login?mode=signup" className="btn btn-ghost">
                Sign up again
              </Link>
            </div>
          ) : (
            <button type="button" className="btn btn-primary" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
              {confirm.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Confirm and sign in
            </button>
          )}
        </div>
      </div>
    </AuthLayout>
  )
}
