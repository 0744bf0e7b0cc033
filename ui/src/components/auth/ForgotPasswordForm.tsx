import { useState, type FormEvent } from 'react'
import { useRequestPasswordReset } from '../../queries/account'
import { FormAlert, TextField } from '../ui/FormField'
import { formErrors } from './errors'
import { MailSent } from './MailSent'

/** ForgotPasswordForm asks for the reset email and says when it has been sent. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('')
  const reset = useRequestPasswordReset()
  const { fields, general } = formErrors(reset.error, ['email'])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    reset.mutate(email.trim())
  }

  if (reset.isSuccess) {
    return (
      <MailSent title="Check your inbox" back="Back to sign in" onBack={onBack}>
        If an account exists for <strong>{reset.variables}</strong>, we have sent it a link to reset the password.
        The link expires after a while, so use it soon.
      </MailSent>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reset password">
      <p className="text-sm text-base-content/70">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <FormAlert>{general}</FormAlert>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fields.email}
        autoFocus
      />
      <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
        {reset.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Send Reset Link
      </button>
      <button type="button" className="btn btn-ghost" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  )
}
