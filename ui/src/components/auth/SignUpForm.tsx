import { useState, type FormEvent } from 'react'
import { INVITE_REF_KEY, recallInviteRef, safeSessionStorage } from '../../lib/share'
import { isConfirmEmailAnswer, useSignup, type SignupBody } from '../../queries/account'
import { FormAlert, TextField } from '../ui/FormField'
import { formErrors } from './errors'
import { MailSent } from './MailSent'

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'passwordConfirm'] as const

/** SignUpForm: names (optional here: the profile modal asks later), email, password twice. */
export function SignUpForm() {
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '', passwordConfirm: '' })
  const signup = useSignup()
  const { fields, general } = formErrors(signup.error, FIELDS)

  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }))

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    // An invite link's ref (?ref= here, or kept from the landing page): the newcomer and
    // the inviter follow each other.
    const ref = recallInviteRef(window.location.search, safeSessionStorage())
    const body: SignupBody & { ref?: string } = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
      passwordConfirm: values.passwordConfirm,
    }
    if (ref) body.ref = ref
    signup.mutate(body, { onSuccess: () => safeSessionStorage()?.removeItem(INVITE_REF_KEY) })
  }

  if (signup.data && isConfirmEmailAnswer(signup.data)) {
    // Every sign-up reads these words, whether or not the address already has an account.
    return (
      <MailSent title="Check your email" back="Use a different email" onBack={() => signup.reset()}>
        We sent a link to <strong>{signup.data.email}</strong>. Open it to finish creating your account. If this address
        already has an account, the email tells you how to sign in instead.
      </MailSent>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Create account">
      <FormAlert>{general}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          error={fields.firstName}
          autoFocus
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
          error={fields.lastName}
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={set('email')}
        error={fields.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={fields.password}
        hint="At least 8 characters."
      />
      <TextField
        label="Confirm password"
        name="passwordConfirm"
        type="password"
        autoComplete="new-password"
        value={values.passwordConfirm}
        onChange={set('passwordConfirm')}
        error={fields.passwordConfirm}
      />
      <button type="submit" className="btn btn-primary mt-1" disabled={signup.isPending}>
        {signup.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Create Account
      </button>
    </form>
  )
}

