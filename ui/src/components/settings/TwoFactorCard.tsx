import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { toast } from '../../lib/toast'
import { twoFactorQuery, useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor, type TwoFactorSetup } from '../../queries/security'
import { formErrors } from '../auth/errors'
import { FormAlert, TextField } from '../ui/FormField'
import { Spinner } from '../ui/Spinner'

/**
 * TwoFactorCard: two-factor sign-in. Off: set up with an authenticator app (QR code and
 * the secret in text), confirmed by a first code; then the ten recovery codes, shown this
 * once. On: how many recovery codes are left, and turning it off (password and a code).
 */
export function TwoFactorCard() {
  const status = useQuery(twoFactorQuery())
  const [codes, setCodes] = useState<string[] | null>(null)
  return (
    <section aria-labelledby="twofactor-heading" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="twofactor-heading" className="font-semibold">
            Two-factor sign-in
          </h2>
          {status.data && (
            <span className={`badge ${status.data.enabled ? 'badge-success' : 'badge-ghost'}`} data-testid="twofactor-status">
              {status.data.enabled ? 'On' : 'Off'}
            </span>
          )}
        </div>
        <p className="text-sm text-base-content/70">
          After your password, sign-in asks for a code from an authenticator app on your phone, so a stolen password is not enough.
        </p>
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : status.isPending ? (
          <Spinner label="Loading two-factor sign-in" />
        ) : status.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            <span>Could not load your two-factor settings.</span>
            <button type="button" className="btn btn-sm" onClick={() => void status.refetch()}>
              Try again
            </button>
          </div>
        ) : status.data.enabled ? (
          <TurnOff left={status.data.recoveryCodesLeft} />
        ) : (
          <TurnOn onEnabled={setCodes} />
        )}
      </div>
    </section>
  )
}

function TurnOn({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useSetupTwoFactor()
  const enable = useEnableTwoFactor()
  const [code, setCode] = useState('')
  const errors = formErrors(enable.error ?? setup.error, ['code'])
  const started: TwoFactorSetup | undefined = setup.data
  if (!started) {
    return (
      <div>
        <FormAlert>{errors.general}</FormAlert>
        <button type="button" className="btn btn-primary btn-sm" disabled={setup.isPending} onClick={() => setup.mutate()}>
          {setup.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Set Up Two-Factor Sign-In
        </button>
      </div>
    )
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    enable.mutate(code.trim(), {
      onSuccess: (answer) => {
        toast({ title: 'Two-Factor Sign-In On', description: 'Save your recovery codes now: they are shown only once.' })
        onEnabled(answer.recoveryCodes)
      },
    })
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Set up two-factor sign-in">
      <ol className="list-decimal space-y-3 pl-5 text-sm">
        <li>
          Scan this QR code with an authenticator app (such as Aegis, Google Authenticator or 1Password).
          <img src={started.qrCode} alt="QR code for your authenticator app" className="mt-2 size-44 rounded-box bg-white p-2" />
        </li>
        <li>
          Or type this key into the app:{' '}
          <code className="break-all rounded bg-base-200 px-1.5 py-0.5 font-mono" data-testid="twofactor-secret">
            {started.secret}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <FormAlert>{errors.general}</FormAlert>
      <TextField
        label="Code from the app"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.fields.code}
        className="max-w-48"
      />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={enable.isPending}>
          {enable.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Turn On
        </button>
      </div>
    </form>
  )
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n')
  return (
    <div className="grid gap-3">
      <div role="alert" className="alert alert-warning alert-soft text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They won&apos;t be shown again.
      </div>
      <ul className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-3 font-mono text-sm" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() =>
            void navigator.clipboard.writeText(text).then(
              () => toast({ title: 'Copied', description: 'Your recovery codes are on the clipboard.' }),
              () => toast({ title: 'Copy Failed', description: 'Select the codes and copy them by hand.', variant: 'destructive' }),
            )
          }
        >
          Copy
        </button>
        <a className="btn btn-sm" download="cinecircle-recovery-codes.txt" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + '\n')}`}>
          Download
        </a>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          I Saved Them
        </button>
      </div>
    </div>
  )
}

function TurnOff({ left }: { left: number }) {
  const disable = useDisableTwoFactor()
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const errors = formErrors(disable.error, ['password', 'code'])
  if (!open) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm" data-testid="recovery-left">
          {left} of 10 recovery codes left.
        </p>
        <button type="button" className="btn btn-sm" onClick={() => setOpen(true)}>
          Turn Off
        </button>
      </div>
    )
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    disable.mutate(
      { password, code: code.trim() },
      { onSuccess: () => toast({ title: 'Two-Factor Sign-In Off', description: 'Sign-in asks only for your password now.' }) },
    )
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Turn off two-factor sign-in">
      <FormAlert>{errors.general}</FormAlert>
      <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.fields.password} />
      <TextField label="Code" name="code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={errors.fields.code} hint="From your app, or a recovery code." />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="submit" className="btn btn-error" disabled={disable.isPending}>
          Turn Off Two-Factor Sign-In
        </button>
      </div>
    </form>
  )
}
