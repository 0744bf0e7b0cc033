import { useQueryClient } from '@tanstack/react-query'
import { clearNewPosts, useNewPostCount } from '../../lib/realtime'
import { feedKeys } from '../../queries/feed'
import { ArrowLeftIcon } from '../ui/icons'

/**
 * NewPostsPill: 'N new posts' above the feed once realtime has delivered posts of
 * followed members (DESIGN: Realtime). A click refreshes the feed and goes to the top.
 */
export function NewPostsPill() {
  const client = useQueryClient()
  const count = useNewPostCount()
  if (count === 0) return null
  return (
    <div className="pointer-events-none sticky top-20 z-30 flex justify-center">
      <button
        type="button"
        className="btn btn-primary btn-sm pointer-events-auto gap-1.5 rounded-full shadow-lg"
        onClick={() => {
          clearNewPosts()
          void client.invalidateQueries({ queryKey: feedKeys.all })
          window.scrollTo({ top: 0, behavior: 'smooth' })
        }}
      >
        <ArrowLeftIcon className="size-4 rotate-90" />
        {count} new {count === 1 ? 'post' : 'posts'}
      </button>
    </div>
  )
}

export default NewPostsPill
