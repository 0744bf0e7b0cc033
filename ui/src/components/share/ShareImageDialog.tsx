import { activityTitle, type Activity } from '../../lib/feed'
import { shareFileName } from '../../lib/share'
import { CardDialog } from './CardDialog'
import { ShareImageCard } from './ShareImageCard'

/**
 * ShareImageDialog: the share image card (SPEC §2 dialogs): a preview and a button that
 * saves the card as a PNG named from the title and 'review'.
 */
export function ShareImageDialog({ activity, onClose }: { activity: Activity; onClose: () => void }) {
  const title = activityTitle(activity).title
  return (
    <CardDialog
      description={`Save your card for ${title} and post it anywhere.`}
      fileName={shareFileName(title)}
      onClose={onClose}
      card={(props) => <ShareImageCard activity={activity} {...props} />}
    />
  )
}
