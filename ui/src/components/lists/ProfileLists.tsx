import { useQuery } from '@tanstack/react-query'
import { memberListsQuery } from '../../queries/lists'
import { Spinner } from '../ui/Spinner'
import { ListGrid } from './ListCard'

/** ProfileLists: a profile's Lists tab: the member's lists the viewer may see. */
export function ProfileLists({ userId, isMe, name }: { userId: string; isMe: boolean; name: string }) {
  const query = useQuery(memberListsQuery(userId))
  if (query.isPending) return <Spinner label="Loading lists" />
  if (query.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>Lists could not be loaded.</span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  return <ListGrid lists={query.data} showOwner={false} empty={isMe ? 'Lists you make appear here.' : `${name} has no lists you can see yet.`} />
}
