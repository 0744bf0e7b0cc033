import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from '../../lib/toast'
import type { DisplayPreference, OwnUser } from '../../lib/users'
import { useUpdateName } from '../../queries/account'
import { TextField } from '../ui/FormField'

/**
 * ProfileForm: first name, last name, nickname and how the name is shown (SPEC §5).
 * A blank first name is refused here with a toast and nothing is sent; values are
 * trimmed and an empty nickname is sent as null.
 */
export function ProfileForm({
  user,
  onSaved,
  actions,
  autoFocus = true,
}: {
  user: OwnUser
  onSaved?: () => void
  actions?: ReactNode
  /** Focus the first name at once (in a dialog), not on a settings page. */
  autoFocus?: boolean
}) {
  const [firstName, setFirstName] = useState(user.firstName.includes('@') ? '' : user.firstName)
  const [lastName, setLastName] = useState(user.lastName)
  const [nickname, setNickname] = useState(user.nickname ?? '')
  const [preference, setPreference] = useState<DisplayPreference>(user.displayPreference)
  const firstRef = useRef<HTMLInputElement>(null)
  const update = useUpdateName()
  const radioName = useId()

  const nick = nickname.trim()
  const fullName = `${firstName.trim()} ${lastName.trim()}`.trim() || 'Your name'

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const first = firstName.trim()
    if (!first) {
      toast({ title: 'First Name Required', description: 'Please enter your first name.', variant: 'destructive' })
      firstRef.current?.focus()
      return
    }
    try {
      await update.mutateAsync({
        firstName: first,
        lastName: lastName.trim(),
        nickname: nick || null,
        displayPreference: nick ? preference : 'fullname',
      })
      toast({ title: 'Profile Updated', description: 'Your profile information has been saved successfully.' })
      onSaved?.()
    } catch {
      toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' })
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={firstRef}
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          maxLength={100}
          autoFocus={autoFocus}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          maxLength={100}
          hint="Optional"
        />
      </div>
      <TextField
        label="Nickname"
        name="nickname"
        autoComplete="nickname"
        value={nickname}
        onChange={(e) => setNickname(e.target.value)}
        maxLength={50}
        hint="Optional. What your friends call you."
      />
      {nick && (
        <fieldset className="rounded-box border border-base-300 p-3">
          <legend className="px-1 text-sm font-medium">Show my name as</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(
              [
                ['fullname', 'Full name', fullName],
                ['nickname', 'Nickname', nick],
              ] as const
            ).map(([value, label, example]) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-3 rounded-field border p-3 transition-colors ${
                  preference === value ? 'border-primary bg-primary/5' : 'border-base-300 hover:bg-base-200'
                }`}
              >
                <input
                  type="radio"
                  className="radio radio-primary radio-sm"
                  name={radioName}
                  value={value}
                  checked={preference === value}
                  onChange={() => setPreference(value)}
                />
                <span className="min-w-0">
                  <span className="block text-sm font-medium">{label}</span>
                  <span className="block truncate text-xs text-base-content/60">{example}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {actions}
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save Profile
        </button>
      </div>
    </form>
  )
}
