import { useEffect, useState } from 'react'
import { CACHE_CLEARED_RELOAD_MS, fullReset } from '../../lib/pwa'
import { toast } from '../../lib/toast'
import { Modal } from '../ui/Modal'
import { RefreshIcon, TrashIcon } from '../ui/icons'

/**
 * TroubleshootDialog: 'PWA Troubleshooting' of the installed app (SPEC §2): a full reset
 * (caches, storage, databases, service worker) for when the app misbehaves; 'Cache
 * Cleared' then a reload after 2 s, or 'Failed to clear cache. Try refreshing manually.'
 * (SPEC §8). Signing in survives: the session is a cookie.
 */
export default function TroubleshootDialog({ onClose }: { onClose: () => void }) {
  const [state, setState] = useState<'idle' | 'clearing' | 'cleared'>('idle')

  useEffect(() => {
    if (state !== 'cleared') return
    const timer = setTimeout(() => window.location.reload(), CACHE_CLEARED_RELOAD_MS)
    return () => clearTimeout(timer)
  }, [state])

  const clear = async () => {
    setState('clearing')
    try {
      await fullReset()
      toast({ title: 'Cache Cleared', description: 'Reloading the app...' })
      setState('cleared')
    } catch (error) {
      console.error('Clearing the cache failed', error)
      toast({ title: 'Error', description: 'Failed to clear cache. Try refreshing manually.', variant: 'destructive' })
      setState('idle')
    }
  }

  return (
    <Modal title="PWA Troubleshooting" description="If the app shows old pages or will not update, clear its cache." onClose={onClose}>
      <ul className="list-disc space-y-1 pl-5 text-sm text-base-content/80">
        <li>Removes the app's saved pages, images and data from this device.</li>
        <li>Installs the latest version of the app and reloads it.</li>
        <li>You stay signed in, and your diary is safe on the server.</li>
      </ul>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={state !== 'idle'}>
          Cancel
        </button>
        <button type="button" className="btn btn-error" onClick={() => void clear()} disabled={state !== 'idle'}>
          {state === 'idle' ? <TrashIcon className="size-4" /> : <RefreshIcon className="size-4 animate-spin" />}
          {state === 'cleared' ? 'Reloading...' : 'Clear Cache'}
        </button>
      </div>
    </Modal>
  )
}
