import { useEffect, useState } from 'react'
import { INVITE_COPIED_MS, inviteLink } from '../../lib/share'
import { toast } from '../../lib/toast'
import { copyText } from '../share/clipboard'
import { CheckIcon, MailIcon } from '../ui/icons'

/**
 * useInviteCopy copies the member's invite link (origin + ?ref={id}, SPEC §9) and says
 * 'Copied!' for 2 s; a refused clipboard toasts 'Failed to copy content' (SPEC §8).
 */
export function useInviteCopy(userId: string | undefined) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), INVITE_COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    if (!userId) return
    try {
      await copyText(inviteLink(window.location.origin, userId))
      setCopied(true)
    } catch {
      toast({ title: 'Error', description: 'Failed to copy content', variant: 'destructive' })
    }
  }
  return { copied, copy }
}

/** InviteButton: 'Invite a Friend' as a button (the Discover tab; the avatar menu has its own item). */
export function InviteButton({ userId }: { userId: string }) {
  const { copied, copy } = useInviteCopy(userId)
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
      {copied ? <CheckIcon className="size-4" /> : <MailIcon className="size-4" />}
      <span aria-live="polite">{copied ? 'Copied!' : 'Invite a Friend'}</span>
    </button>
  )
}

/**
 * InviteMenuItem: 'Invite a Friend' in the avatar menu (SPEC §2): copies the invite link
 * and reads 'Copied!' for 2 s, the menu staying open so the confirmation is seen.
 */
export function InviteMenuItem({ userId, className }: { userId: string; className: string }) {
  const { copied, copy } = useInviteCopy(userId)
  return (
    <button type="button" role="menuitem" tabIndex={-1} className={className} onClick={() => void copy()}>
      {copied ? <CheckIcon className="size-4 text-success" /> : <MailIcon className="size-4" />}
      <span aria-live="polite">{copied ? 'Copied!' : 'Invite a Friend'}</span>
    </button>
  )
}
