import type { ReactNode } from 'react'
import { MailIcon } from '../ui/icons'

/** MailSent is the "check your inbox" panel a form shows once it has sent an email. */
export function MailSent({ title, children, back, onBack }: { title: string; children: ReactNode; back: string; onBack: () => void }) {
  return (
    <div className="grid gap-4 text-center">
      <div className="mx-auto grid size-14 place-items-center rounded-full bg-success/10 text-success">
        <MailIcon className="size-7" />
      </div>
      <div role="status">
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-base-content/70">{children}</p>
      </div>
      <button type="button" className="btn btn-ghost" onClick={onBack}>
        {back}
      </button>
    </div>
  )
}
