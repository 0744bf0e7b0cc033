import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { serverMessage } from '../../lib/apiErrors'
import type { PickedGif } from '../../lib/gifPicker'
import { toast } from '../../lib/toast'
import { displayName } from '../../lib/users'
import { useAddComment, type Comment } from '../../queries/comments'
import { EmojiPicker } from '../pickers/EmojiPicker'
import { GifPicker } from '../pickers/GifPicker'
import { ArrowRightIcon, XIcon } from '../ui/icons'
import { canSubmit, COMMENT_ADDED, COMMENT_FAILED, commentText, commentTypeOf, insertAtCursor } from './thread'

/**
 * CommentComposer: the text box (Enter submits, Shift+Enter adds a line), the emoji and
 * GIF buttons, the chosen GIF's preview, and the reply target with an x to clear it
 * (SPEC §4, §5). Submit is disabled while there is neither text nor a GIF, and while a
 * submit is pending.
 */
export function CommentComposer({
  activityId,
  replyTo,
  onClearReply,
}: {
  activityId: string
  replyTo: Comment | null
  onClearReply: () => void
}) {
  const [text, setText] = useState('')
  const [gif, setGif] = useState<PickedGif | null>(null)
  const [emojiOpen, setEmojiOpen] = useState(false)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const add = useAddComment(activityId)
  const ready = canSubmit(text, gif !== null, add.isPending)

  const submit = (e?: FormEvent) => {
    e?.preventDefault()
    if (!ready) return
    const content = text.trim()
    add.mutate(
      {
        content,
        comment: content,
        gifUrl: gif?.url ?? '',
        gifId: gif?.id ?? '',
        commentType: commentTypeOf(content, gif !== null),
        parentCommentId: replyTo?.id ?? null,
      },
      {
        onSuccess: () => {
          setText('')
          setGif(null)
          onClearReply()
          toast({ title: 'Success', description: COMMENT_ADDED })
        },
        onError: (error) => {
          toast({ title: 'Error', description: serverMessage(error, COMMENT_FAILED), variant: 'destructive' })
        },
      },
    )
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      submit()
    }
  }

  const insertEmoji = (emoji: string) => {
    const el = textRef.current
    const next = insertAtCursor(text, emoji, el?.selectionStart ?? null, el?.selectionEnd ?? null)
    setText(next.value)
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(next.caret, next.caret)
    })
  }

  const replyName = replyTo ? displayName(replyTo.user) : ''
  return (
    <form className="grid gap-2" onSubmit={submit} aria-label={replyTo ? `Reply to ${replyName}` : 'Add a comment'}>
      {replyTo && (
        <div className="flex items-center justify-between gap-2 rounded-field bg-primary/10 px-3 py-1.5 text-sm" data-testid="reply-target">
          <span className="min-w-0 truncate">
            Replying to <span className="font-semibold">{replyName}</span>
            {commentText(replyTo) && <span className="text-base-content/60">: {commentText(replyTo)}</span>}
          </span>
          <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label="Cancel reply" onClick={onClearReply}>
            <XIcon className="size-3.5" />
          </button>
        </div>
      )}
      {gif && (
        <div className="relative w-fit" data-testid="selected-gif">
          <img src={gif.url} alt={gif.title || 'Selected GIF'} className="max-h-32 rounded-field" />
          <button
            type="button"
            className="btn btn-circle btn-xs absolute top-1 right-1 border-0 bg-black/60 text-white hover:bg-black/80"
            aria-label="Remove GIF"
            onClick={() => setGif(null)}
          >
            <XIcon className="size-3.5" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-1">
        <textarea
          ref={textRef}
          className="textarea textarea-bordered min-h-10 flex-1 resize-none py-2 text-sm leading-snug"
          rows={1}
          placeholder={replyTo ? 'Write a reply...' : 'Write a comment...'}
          aria-label={replyTo ? 'Write a reply' : 'Write a comment'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={2000}
        />
        <div className="relative">
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square text-lg"
            aria-label="Add an emoji"
            title="Add an emoji"
            aria-haspopup="dialog"
            aria-expanded={emojiOpen}
            onClick={() => setEmojiOpen((o) => !o)}
          >
            😊
          </button>
          {emojiOpen && (
            <div className="absolute right-0 bottom-full z-50 mb-2">
              <EmojiPicker onSelect={insertEmoji} onClose={() => setEmojiOpen(false)} />
            </div>
          )}
        </div>
        <GifPicker onSelect={setGif} />
        <button type="submit" className="btn btn-primary btn-sm btn-square" aria-label="Post comment" title="Post comment" disabled={!ready}>
          {add.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <ArrowRightIcon className="size-4" />}
        </button>
      </div>
    </form>
  )
}
