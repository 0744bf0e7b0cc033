// Reports and blocks (moderation): what members may report and what the report dialog checks.

/** What can be reported: a post, a comment or a member (POST /api/reports entityType). */
export type ReportEntity = 'activity' | 'comment' | 'user'

/** The server's cap on a report's reason, in characters. */
export const REPORT_REASON_MAX = 1000

/** reportTitle names the report dialog for what is reported. */
export function reportTitle(entity: ReportEntity): string {
  return entity === 'activity' ? 'Report Post' : entity === 'comment' ? 'Report Comment' : 'Report Member'
}

/**
 * reasonError checks a reason before it is sent: required, and at most REPORT_REASON_MAX
 * characters (counted as the server counts them, by code point).
 */
export function reasonError(reason: string): string | undefined {
  const trimmed = reason.trim()
  if (!trimmed) return 'Tell the moderators what is wrong.'
  if ([...trimmed].length > REPORT_REASON_MAX) return `Keep the reason under ${REPORT_REASON_MAX} characters.`
  return undefined
}

/** Shown on a post or comment a moderator hid, to its author alone. */
export const HIDDEN_POST_NOTICE = 'A moderator hid this post. Only you can see it.'
export const HIDDEN_COMMENT_NOTICE = 'A moderator hid this comment. Only you can see it.'
