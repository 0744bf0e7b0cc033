import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import type { UserLike } from '../lib/users'
import { feedKeys } from './feed'

export type CommentType = 'text' | 'gif' | 'text_with_gif'

/** A comment as GET /api/activities/{id}/comments sends it (SPEC §3), oldest first. */
export interface Comment {
  id: string
  content: string
  /** The same text as content (SPEC §3: content is also read as comment). */
  comment?: string
  gifUrl: string
  gifId: string
  commentType: CommentType
  createdAt: string
  likeCount: number
  isLiked: boolean
  user: UserLike
  parentCommentId: string | null
  /** 0 for a top-level comment, the parent's depth + 1 for a reply (0–3). */
  depth: number
  /** Set only on a comment a moderator hid, which only its author still sees. */
  hidden?: boolean
  /** Set on a reply from the fediverse (user is then empty): who wrote it, and where. */
  remote?: RemoteAuthor
}

/** The author of a reply from the fediverse (Mastodon, NeoDB, another CineCircle). */
export interface RemoteAuthor {
  name: string
  /** Their address, @name@host. */
  acct: string
  /** Their profile page on their own server. */
  url: string
  /** Through our image proxy; empty until there is one (remote media is never fetched by members' browsers). */
  avatarUrl: string
  host: string
}

/** The body of POST /api/activities/{id}/comments (SPEC §7: the text goes under both names). */
export interface NewComment {
  content: string
  comment: string
  gifUrl: string
  gifId: string
  commentType: CommentType
  parentCommentId: string | null
}

/**
 * commentKeys: a thread sits under its post (/api/activities/{id}/comments, the path the
 * default fetcher GETs), so refreshing the posts refreshes the threads.
 */
export const commentKeys = {
  thread: (activityId: string) => [...feedKeys.activity(activityId), 'comments'] as const,
}

/** commentsQuery: the thread of one activity, loaded when the thread is opened (SPEC §4). */
export const commentsQuery = (activityId: string) => queryOptions<Comment[]>({ queryKey: commentKeys.thread(activityId) })

function refreshAfterChange(client: QueryClient, activityId: string) {
  return Promise.all([
    // The post itself (its commentCount, where one post is shown alone, e.g. a list's
    // page) and, under its key, the thread.
    client.invalidateQueries({ queryKey: feedKeys.activity(activityId) }),
    // The feed holds each post's commentCount.
    client.invalidateQueries({ queryKey: feedKeys.all }),
  ])
}

/**
 * useAddComment: POST /api/activities/{id}/comments. The new comment joins the cached
 * thread at once; the thread and the feed (its commentCount) are then refreshed.
 */
export function useAddComment(activityId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: NewComment) => apiRequest<Comment>('POST', `/api/activities/${activityId}/comments`, body),
    onSuccess: (comment) => {
      client.setQueryData<Comment[]>(commentKeys.thread(activityId), (list) =>
        list && comment ? [...list.filter((c) => c.id !== comment.id), comment] : list,
      )
    },
    onSettled: () => refreshAfterChange(client, activityId),
  })
}

/** What the server answers to a comment like toggle. */
export interface CommentLikeState {
  isLiked: boolean
  likeCount: number
}

/**
 * useToggleCommentLike: POST /api/comments/{id}/like toggles (SPEC §4). Optimistic: the
 * heart and count move at once; a failure puts them back.
 */
export function useToggleCommentLike(activityId: string) {
  const client = useQueryClient()
  const key = commentKeys.thread(activityId)
  return useMutation({
    mutationFn: (commentId: string) => apiRequest<CommentLikeState>('POST', `/api/comments/${commentId}/like`),
    onMutate: async (commentId) => {
      await client.cancelQueries({ queryKey: key })
      const previous = client.getQueryData<Comment[]>(key)
      client.setQueryData<Comment[]>(key, (list) =>
        list?.map((c) =>
          c.id === commentId ? { ...c, isLiked: !c.isLiked, likeCount: Math.max(0, c.likeCount + (c.isLiked ? -1 : 1)) } : c,
        ),
      )
      return { previous }
    },
    onSuccess: (state, commentId) => {
      if (!state) return
      client.setQueryData<Comment[]>(key, (list) => list?.map((c) => (c.id === commentId ? { ...c, ...state } : c)))
    },
    onError: (_error, _id, context) => {
      if (context?.previous) client.setQueryData(key, context.previous)
    },
  })
}

/** withoutComment drops a comment and every reply below it from a thread. */
export function withoutComment(list: readonly Comment[], commentId: string): Comment[] {
  const gone = new Set([commentId])
  let grew = true
  while (grew) {
    grew = false
    for (const c of list) {
      if (c.parentCommentId && gone.has(c.parentCommentId) && !gone.has(c.id)) {
        gone.add(c.id)
        grew = true
      }
    }
  }
  return list.filter((c) => !gone.has(c.id))
}

/**
 * useDeleteComment: DELETE /api/comments/{id} (its author or the post's owner; replies go
 * with it). The comment leaves the thread once the server agrees; thread and feed refresh.
 */
export function useDeleteComment(activityId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (commentId: string) => apiRequest<null>('DELETE', `/api/comments/${commentId}`),
    onSuccess: (_data, commentId) => {
      client.setQueryData<Comment[]>(commentKeys.thread(activityId), (list) => (list ? withoutComment(list, commentId) : list))
    },
    onSettled: () => refreshAfterChange(client, activityId),
  })
}
