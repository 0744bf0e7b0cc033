import type { OwnUser } from '../../lib/users'
import { openAddDialog, preloadAddDialog } from '../diary/addDialogStore'
import { Avatar } from '../ui/Avatar'
import { FEED_PROMPT_CLASS, FeedHeaderFrame, FeedPromptContent } from './FeedHeaderFrame'

/**
 * FeedHeaderCard: 'Your Feed' with its display-only badges and the prompt (SPEC §2).
 * The prompt opens the Add Movie or TV Show dialog.
 */
export function FeedHeaderCard({ user }: { user: OwnUser }) {
  return (
    // A click anywhere on the card opens the dialog too (SPEC §2); the prompt is the button
    // keyboards and screen readers use.
    <FeedHeaderFrame
      titleId="feed-title"
      onClick={(e) => {
        if (!(e.target as Element).closest('button')) openAddDialog()
      }}
    >
      <button type="button" onClick={() => openAddDialog()} onPointerEnter={preloadAddDialog} onFocus={preloadAddDialog} className={FEED_PROMPT_CLASS}>
        <FeedPromptContent avatar={<Avatar user={user} size="sm" />} />
      </button>
    </FeedHeaderFrame>
  )
}
