import { lazy, Suspense, useEffect } from 'react'
import { DialogSpinner } from '../ui/Spinner'
import {
  closeAddDialog,
  loadAddDialog,
  prefetchFollowing,
  PREFETCH_STARTUP_STALE_MS,
  useAddDialogState,
} from './addDialogStore'

const AddDialog = lazy(loadAddDialog)

/**
 * AddDialogHost renders the Add Movie or TV Show dialog while it is open. Its code loads
 * lazily: on first use or hover, or a few seconds after the app starts, whichever comes
 * first; the people you follow (its watched-with picker) are prefetched at startup.
 */
export function AddDialogHost() {
  const { open, preset, session } = useAddDialogState()
  useEffect(() => {
    prefetchFollowing(PREFETCH_STARTUP_STALE_MS)
    const timer = setTimeout(() => void loadAddDialog(), 3000)
    return () => clearTimeout(timer)
  }, [])
  if (!open) return null
  return (
    <Suspense fallback={<DialogSpinner />}>
      <AddDialog key={session} preset={preset} onClose={closeAddDialog} />
    </Suspense>
  )
}
