import { Link, Navigate, useSearchParams } from 'react-router'
import { AuthLayout } from '../components/auth/AuthLayout'
import { formErrors } from '../components/auth/errors'
import { FormAlert } from '../components/ui/FormField'
import { MailIcon } from '../components/ui/icons'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { useConfirmEmailChange } from '../queries/account'

/**
 * ConfirmEmailChange (/confirm-email-change?token=…): the page an email change's link
 * opens. The change happens when its owner presses the button, not on load (a mail
 * scanner following links cannot use it up).
 */
export default function ConfirmEmailChange() {
  useDocumentTitle('Confirm your new email')
  const [params] = useSearchParams()
  const confirm = useConfirmEmailChange()
  const { fields, general } = formErrors(confirm.error, ['token'])
  if (confirm.isSuccess) return <Navigate to="/settings/account" replace />
  return (
    <AuthLayout>
      <div className="card border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 text-center sm:p-8">
          <div className="mx-auto grid size-14 place-items-center rounded-full bg-primary/10 text-primary">
            <MailIcon className="size-7" />
          </div>
          <h1 className="text-2xl font-bold">Confirm your new email</h1>
          <FormAlert>{fields.token ?? general}</FormAlert>
          {fields.token ? (
            <Link to="/login" className="btn btn-primary">
              Go to sign in
            </Link>
          ) : (
            <button type="button" className="btn btn-primary" disabled={confirm.isPending} onClick={() => confirm.mutate(params.get('token') ?? '')}>
              Use this email
            </button>
          )}
        </div>
      </div>
    </AuthLayout>
  )
}
