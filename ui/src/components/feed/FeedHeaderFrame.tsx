import type { MouseEventHandler, ReactNode } from 'react'
import { PlusIcon } from '../ui/icons'

/** FEED_PROMPT_CLASS: the look of the feed header's prompt. */
export const FEED_PROMPT_CLASS =
  'group flex w-full items-center gap-3 rounded-field border border-base-300 bg-base-200/60 p-2.5 text-left transition-colors hover:border-primary/50 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary'

/** FeedPromptContent: what the prompt holds: the avatar, the question, a plus. */
export function FeedPromptContent({ avatar }: { avatar: ReactNode }) {
  return (
    <>
      {avatar}
      <span className="flex-1 text-base-content/60">What movie did you watch recently?</span>
      <span className="grid size-8 place-items-center rounded-full bg-primary text-primary-content transition-transform group-hover:scale-105">
        <PlusIcon className="size-4" />
      </span>
    </>
  )
}

/**
 * FeedHeaderFrame: the feed's header card around its prompt: 'Your Feed' and its
 * display-only badges (SPEC §2). With no titleId it is a placeholder, hidden from
 * assistive technology (the home's skeleton, layout/HomeSkeleton). Light on purpose: the
 * skeleton renders before the member's code loads.
 */
export function FeedHeaderFrame({ titleId, onClick, children }: { titleId?: string; onClick?: MouseEventHandler; children: ReactNode }) {
  return (
    <section
      aria-labelledby={titleId}
      aria-hidden={titleId ? undefined : true}
      className="card cursor-pointer border border-base-300 bg-base-100 shadow-sm"
      onClick={onClick}
    >
      <div className="card-body gap-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id={titleId} className="text-xl font-bold">
            Your Feed
          </h1>
          <div className="flex gap-1.5" role="group" aria-label="Feed filters">
            <span className="badge badge-primary">All</span>
            <span className="badge badge-ghost">Friends</span>
            <span className="badge badge-ghost">Following</span>
          </div>
        </div>
        {children}
      </div>
    </section>
  )
}

/** FeedHeaderPlaceholder: the card as it looks before the app runs: nothing to press, a placeholder avatar. */
export function FeedHeaderPlaceholder() {
  return (
    <FeedHeaderFrame>
      <div className={FEED_PROMPT_CLASS}>
        <FeedPromptContent avatar={<span className="skeleton size-9 shrink-0 rounded-full" />} />
      </div>
    </FeedHeaderFrame>
  )
}
