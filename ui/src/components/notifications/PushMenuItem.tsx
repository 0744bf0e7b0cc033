import { toast } from '../../lib/toast'
import { unsupportedReason } from '../../lib/push'
import { usePush } from '../../queries/push'

function BellRingIcon({ off = false }: { off?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-4">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      {off && <path d="m2 2 20 20" />}
    </svg>
  )
}

/**
 * PushMenuItem: the avatar menu's 'Enable Notifications' / 'Disable Notifications' when
 * this browser supports push (SPEC §2), else a debug entry saying what is missing.
 */
export function PushMenuItem({ className, onDone }: { className: string; onDone: () => void }) {
  const push = usePush()
  if (!push.supported) {
    return (
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={`${className} text-base-content/60`}
        onClick={() => {
          console.info('Push support', push.env)
          toast({ title: 'Push notifications not supported', description: unsupportedReason(push.env) })
          onDone()
        }}
      >
        <BellRingIcon off /> Push notifications (debug)
      </button>
    )
  }
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={className}
      disabled={push.busy}
      onClick={() => {
        void (push.subscribed ? push.disable() : push.enable())
        onDone()
      }}
    >
      <BellRingIcon off={push.subscribed} /> {push.subscribed ? 'Disable Notifications' : 'Enable Notifications'}
    </button>
  )
}
