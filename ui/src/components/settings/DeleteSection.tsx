import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { EXPORT_URL } from '../../queries/portability'
import { twoFactorQuery, useDeleteAccount } from '../../queries/security'
import { formErrors } from '../auth/errors'
import { FormAlert, TextField } from '../ui/FormField'
import { PageHeader } from '../ui/PageHeader'

/**
 * DeleteSection (/settings/delete): the danger zone. It says what goes, offers the
 * export first, and asks for the password (and a code with two-factor sign-in on).
 */
export default function DeleteSection() {
  const twoFactor = useQuery(twoFactorQuery())
  const remove = useDeleteAccount()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [sure, setSure] = useState(false)
  const errors = formErrors(remove.error, ['password', 'code'])
  const needsCode = twoFactor.data?.enabled ?? false

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    remove.mutate(
      { password, ...(needsCode ? { code: code.trim() } : {}) },
      { onSuccess: () => window.location.assign('/') },
    )
  }
  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title="Delete Account">This can&apos;t be undone.</PageHeader>
      <section className="card border border-error/40 bg-base-100 shadow-sm" aria-labelledby="delete-heading">
        <div className="card-body gap-4">
          <h2 id="delete-heading" className="font-semibold text-error">
            Delete your account and everything in it
          </h2>
          <p className="text-sm">
            Your diary, ratings, reviews, posts, comments, likes, follows, lists, challenges, achievements, notifications,
            photo and devices are deleted. From the moment you confirm, no one sees any of it and you are signed out
            everywhere; a long history takes a few minutes more to erase. Replies others wrote stay; your own words go.
            You can sign up again with the same email right away, as a new member. If you joined the fediverse, the
            servers that know your account are told it is gone.
          </p>
          <p className="text-sm">
            <a className="link link-primary" href={EXPORT_URL} download>
              Download your data first
            </a>{' '}
            (a ZIP with your diary and watchlist, Letterboxd-compatible).
          </p>
          <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label="Delete account">
            <FormAlert>{errors.general}</FormAlert>
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.fields.password}
            />
            {needsCode && (
              <TextField
                label="Two-factor code"
                name="code"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={errors.fields.code}
                hint="From your app, or a recovery code."
              />
            )}
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-error checkbox-sm" checked={sure} onChange={(e) => setSure(e.target.checked)} />
              I understand my account and everything in it will be deleted.
            </label>
            <div className="flex justify-end">
              <button type="submit" className="btn btn-error" disabled={!sure || !password || remove.isPending}>
                {remove.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Delete My Account
              </button>
            </div>
          </form>
        </div>
      </section>
    </div>
  )
}
