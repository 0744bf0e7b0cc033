import { useState } from 'react'

/**
 * ConfirmNewAddress: 'New address…' for a secret address (the scrobble webhook, the
 * calendar feed), asking once more before the old one stops working. onConfirm makes
 * the new address and says whether it worked; the question stays open when it did not.
 */
export function ConfirmNewAddress({ pending, onConfirm }: { pending: boolean; onConfirm: () => Promise<boolean> }) {
  const [confirming, setConfirming] = useState(false)
  if (!confirming) {
    return (
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(true)}>
        New address…
      </button>
    )
  }
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Confirm a new address">
      The old address stops working.
      <button type="button" className="btn btn-warning btn-sm" disabled={pending} onClick={() => void onConfirm().then((ok) => ok && setConfirming(false))}>
        Get a new address
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </span>
  )
}
