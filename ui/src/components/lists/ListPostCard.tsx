import { Link } from 'react-router'
import type { Activity } from '../../lib/feed'
import { listPostSentence, type ListPostData } from '../../lib/lists'
import { CardFooter, CardHeader, CardShell } from '../feed/CardParts'
import { PosterMosaic } from './PosterMosaic'

/**
 * ListPostCard: a list post in the feed: 'Ana added 3 titles to Best of 2025' with the
 * list's first posters, linking to the list. Its likes and comments are the list's.
 */
export function ListPostCard({ activity, currentUserId }: { activity: Activity; currentUserId: string }) {
  const data = activity.data as unknown as ListPostData
  const sentence = listPostSentence(activity.type, activity.user, data)
  const posters = data.posters?.length ? data.posters : (data.titles ?? []).map((t) => t.posterPath)
  return (
    <CardShell activity={activity}>
      <CardHeader activity={activity} action={activity.type === 'list_created' ? 'made a list' : 'updated a list'} />
      <Link to={`/list/${data.listId}`} className="mx-4 mt-3 flex items-center gap-4 rounded-box bg-base-200/60 p-3 hover:bg-base-200">
        <PosterMosaic posters={posters} name={data.listName} className="w-12" />
        <div className="min-w-0">
          <p className="font-semibold">{data.listName}</p>
          <p className="text-sm text-base-content/70">{sentence}</p>
        </div>
      </Link>
      <CardFooter activity={activity} isOwner={activity.userId === currentUserId} />
    </CardShell>
  )
}
