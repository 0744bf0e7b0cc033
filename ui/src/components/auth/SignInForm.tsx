import { useState, type FormEvent } from 'react'
import { useLogin } from '../../queries/account'
import { FormAlert, TextField } from '../ui/FormField'
import { formErrors } from './errors'

/** SignInForm: email and password. Success makes the member current; the page moves on. */
export function SignInForm({ onForgot }: { onForgot: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const login = useLogin()
  const { fields, general } = formErrors(login.error, ['email', 'password'])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    login.mutate({ email: email.trim(), password })
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign in">
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
      <div className="grid gap-1">
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fields.password}
        />
        <button type="button" className="link link-hover justify-self-end text-sm text-primary" onClick={onForgot}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="btn btn-primary mt-1" disabled={login.isPending}>
        {login.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Sign In
      </button>
    </form>
  )
}
