import { useId, useState, type FormEvent } from 'react'
import { BIO_MAX, charCount, safeHttpUrl, WEBSITE_MAX } from '../../lib/account'
import { toast } from '../../lib/toast'
import { useSaveSettings, type Settings } from '../../queries/settings'
import { formErrors } from '../auth/errors'
import { FormAlert, TextField } from '../ui/FormField'

/**
 * AboutForm: the bio (up to 300 characters of plain text; addresses in it become links
 * on the profile) and an optional website, both shown on the member's profile.
 */
export function AboutForm({ settings }: { settings: Settings }) {
  const [bio, setBio] = useState(settings.bio)
  const [website, setWebsite] = useState(settings.website)
  const [local, setLocal] = useState<Record<string, string>>({})
  const save = useSaveSettings()
  const server = formErrors(save.error, ['bio', 'website'])
  const id = useId()
  const used = charCount(bio)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const errors: Record<string, string> = {}
    if (used > BIO_MAX) errors.bio = `Your bio can be at most ${BIO_MAX} characters long.`
    const site = website.trim()
    if (site && !safeHttpUrl(site)) errors.website = 'Enter a web address starting with https:// (or http://).'
    setLocal(errors)
    if (Object.keys(errors).length > 0) return
    save.mutate(
      { bio: bio.trim(), website: site },
      { onSuccess: () => toast({ title: 'Profile Updated', description: 'Your bio and website are on your profile.' }) },
    )
  }
  const bioError = local.bio ?? server.fields.bio
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="About you">
      <FormAlert>{server.general}</FormAlert>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-bio`} className="text-sm font-medium">
          Bio
        </label>
        <textarea
          id={`${id}-bio`}
          name="bio"
          rows={4}
          className={`textarea w-full ${bioError ? 'textarea-error' : ''}`}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          placeholder="A line or two about you and what you love to watch."
          aria-invalid={bioError ? true : undefined}
          aria-describedby={`${id}-bio-help`}
        />
        <p id={`${id}-bio-help`} className={`flex justify-between gap-2 text-xs ${bioError ? 'text-error' : 'text-base-content/60'}`}>
          <span>{bioError ?? 'Plain text. Web addresses become links.'}</span>
          <span aria-live="polite" className={used > BIO_MAX ? 'text-error' : ''}>
            {used}/{BIO_MAX}
          </span>
        </p>
      </div>
      <TextField
        label="Website"
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={website}
        maxLength={WEBSITE_MAX}
        onChange={(e) => setWebsite(e.target.value)}
        error={local.website ?? server.fields.website}
        hint="Optional."
      />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Save Bio
        </button>
      </div>
    </form>
  )
}
