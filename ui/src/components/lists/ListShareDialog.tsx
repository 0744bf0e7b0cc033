import type { Activity } from '../../lib/feed'
import { listPostData } from '../../lib/lists'
import { shareFileName } from '../../lib/share'
import { CardDialog } from '../share/CardDialog'
import { ListShareCard, type ListCardData } from './ListShareCard'

/**
 * ListShareDialog: the share image card of a list (the Share menu's 'Share as image' on a
 * post about a list): a preview of the poster mosaic and 'Download Image', which saves a
 * 400 px PNG at scale 2 named after the list.
 */
export function ListShareDialog({ activity, onClose }: { activity: Activity; onClose: () => void }) {
  const data = listPostData(activity)
  const list: ListCardData = {
    name: data?.listName ?? 'List',
    ranked: data?.ranked ?? false,
    itemCount: data?.itemCount ?? 0,
    posters: data?.posters ?? (data?.titles ?? []).map((t) => t.posterPath),
    owner: activity.user,
  }
  return (
    <CardDialog
      description={`Save a card of ${list.name} and post it anywhere.`}
      fileName={shareFileName(list.name, 'list')}
      onClose={onClose}
      card={(props) => <ListShareCard list={list} {...props} />}
    />
  )
}
