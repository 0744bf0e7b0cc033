import { useState, type FormEvent } from 'react'
import { fieldError } from '../../lib/apiErrors'
import { useLogin } from '../../queries/account'
import { FormAlert, TextField } from '../ui/FormField'
import { formErrors } from './errors'

/**
 * SignInForm: email and password. With two-factor sign-in on, the server answers the
 * right password with a 401 naming code: the form then asks for the code (the app's six
 * digits or a recovery code) and sends all three. Success makes the member current.
 */
export function SignInForm({ onForgot }: { onForgot: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [askCode, setAskCode] = useState(false)
  const login = useLogin()
  const { fields, general } = formErrors(login.error, ['email', 'password', 'code'])
  const codeAsked = askCode || fields.code !== undefined

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    login.mutate(
      { email: email.trim(), password, ...(codeAsked ? { code: code.trim() } : {}) },
      { onError: (error) => fieldError(error, 'code') !== undefined && setAskCode(true) },
    )
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
      {codeAsked && (
        <TextField
          label="Two-factor code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={code || login.isPending ? fields.code : undefined}
          hint="The 6-digit code from your authenticator app, or one of your recovery codes."
          autoFocus
        />
      )}
      <button type="submit" className="btn btn-primary mt-1" disabled={login.isPending}>
        {login.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Sign In
      </button>
    </form>
  )
}
