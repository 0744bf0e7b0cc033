// Comment thread rules (SPEC §4 Comments, §5 Comment, §9 reply depth): pure, tested in
// thread.test.ts.
import { displayName, isDeletedMember } from '../../lib/users'
import type { Comment, CommentType } from '../../queries/comments'

/** Replies are allowed below this depth (a top-level comment is depth 0). */
export const MAX_REPLY_DEPTH = 3
/** Indentation stops growing after this many levels. */
export const MAX_INDENT_LEVELS = 4

export const NO_COMMENTS = 'No comments yet. Be the first to comment!'
export const COMMENT_ADDED = 'Comment added successfully!'
export const COMMENT_FAILED = 'Failed to add comment'
export const LIKE_FAILED = 'Failed to toggle like'
export const DELETE_FAILED = 'Failed to delete comment'
/** DELETED_COMMENT stands in for the words of a member who deleted their account, above the replies others left under them. */
export const DELETED_COMMENT = 'This comment was deleted with its author’s account.'

/** canReply: the reply button shows only below depth 3. */
export function canReply(depth: number): boolean {
  return depth < MAX_REPLY_DEPTH
}

/** indentLevel: how far a comment is indented, capped at 4 levels. */
export function indentLevel(depth: number): number {
  return Math.max(0, Math.min(depth, MAX_INDENT_LEVELS))
}

/** commentTypeOf: text, gif or text_with_gif, from the parts a comment has. */
export function commentTypeOf(text: string, hasGif: boolean): CommentType {
  const hasText = text.trim().length > 0
  if (hasGif) return hasText ? 'text_with_gif' : 'gif'
  return 'text'
}

/** canSubmit: non-blank text or a GIF, and no submit already pending (SPEC §5). */
export function canSubmit(text: string, hasGif: boolean, pending: boolean): boolean {
  return !pending && (text.trim().length > 0 || hasGif)
}

/** A comment with its replies, in the server's order (oldest first). */
export interface CommentNode {
  comment: Comment
  replies: CommentNode[]
}

/**
 * buildThread nests replies under their parents. A reply whose parent is missing (deleted
 * meanwhile) is shown at the top level rather than lost.
 */
export function buildThread(comments: readonly Comment[]): CommentNode[] {
  const nodes = new Map<string, CommentNode>()
  for (const c of comments) nodes.set(c.id, { comment: c, replies: [] })
  const roots: CommentNode[] = []
  for (const c of comments) {
    const node = nodes.get(c.id)!
    const parent = c.parentCommentId ? nodes.get(c.parentCommentId) : undefined
    if (parent && parent !== node) parent.replies.push(node)
    else roots.push(node)
  }
  return roots
}

/** commentText: the text of a comment under either name. */
export function commentText(c: Pick<Comment, 'content' | 'comment'>): string {
  return c.content || c.comment || ''
}

/**
 * insertAtCursor puts text (an emoji) into the composer where the caret is, replacing the
 * selection, and says where the caret goes next.
 */
export function insertAtCursor(value: string, insert: string, start: number | null, end: number | null): { value: string; caret: number } {
  const from = start == null ? value.length : Math.max(0, Math.min(start, value.length))
  const to = end == null ? from : Math.max(from, Math.min(end, value.length))
  return { value: value.slice(0, from) + insert + value.slice(to), caret: from + insert.length }
}

/** Who wrote a comment, as its header shows them: a member (linked to their profile), a deleted member's placeholder, or an author from the fediverse (linked to their profile on their server, with a 'via host' marker). */
export interface CommentAuthor {
  name: string
  /** The member's profile id, for a member's comment. */
  memberId?: string
  /** A remote author's profile page, opened on their server. */
  remoteUrl?: string
  /** A remote author's address (@name@host), and their server. */
  acct?: string
  host?: string
  /** A deleted member's placeholder. */
  gone: boolean
}

/** viaHost: the marker beside a remote author's name. */
export const viaHost = (host: string) => `via ${host}`

/** commentAuthor reads who wrote a comment (SPEC §3's user, or #23's remote author). */
export function commentAuthor(c: Pick<Comment, 'user' | 'remote'>): CommentAuthor {
  if (c.remote) {
    const url = /^https?:\/\//i.test(c.remote.url) ? c.remote.url : undefined
    return { name: c.remote.name || c.remote.acct, remoteUrl: url, acct: c.remote.acct, host: c.remote.host, gone: false }
  }
  return { name: displayName(c.user), memberId: c.user?.id || undefined, gone: isDeletedMember(c.user) }
}
