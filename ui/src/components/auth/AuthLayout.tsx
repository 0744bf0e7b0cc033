import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Wordmark } from '../layout/Logo'
import { TaglineRotator } from '../landing/TaglineRotator'

/** AuthLayout: the sign-in pages' frame: a brand panel on wide screens, the form card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-base-200 lg:grid-cols-[1.1fr_1fr]">
      <aside className="relative hidden overflow-hidden bg-neutral text-neutral-content lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0">
          <div className="absolute -top-32 -left-24 size-[28rem] rounded-full bg-primary/35 blur-3xl" />
          <div className="absolute -right-32 -bottom-40 size-[30rem] rounded-full bg-secondary/25 blur-3xl" />
        </div>
        <Link to="/" className="relative w-fit" aria-label="CineCircle home">
          <Wordmark />
        </Link>
        <div className="relative max-w-md">
          <TaglineRotator className="text-4xl leading-tight font-black" />
          <p className="mt-4 text-neutral-content/70">
            Your movie and TV diary, shared with the people whose taste you trust (and the ones whose taste you love to
            argue with).
          </p>
        </div>
        <p className="relative text-sm text-neutral-content/50">Track. Rate. Connect.</p>
      </aside>
      <main className="flex flex-col items-center justify-center px-4 py-10 sm:px-8">
        <Link to="/" className="mb-8 lg:hidden" aria-label="CineCircle home">
          <Wordmark />
        </Link>
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  )
}
