// The modal dialogs open now (components/ui/Modal.tsx: native <dialog>s shown with
// showModal()), oldest first. While one is open the browser makes everything outside the
// top one inert, toasts included, so the toast viewport moves into the top dialog to stay
// visible and announced; the install card steps aside meanwhile.
import { useSyncExternalStore } from 'react'

let open: readonly HTMLDialogElement[] = []
const listeners = new Set<() => void>()

function set(next: readonly HTMLDialogElement[]) {
  open = next
  listeners.forEach((l) => l())
}

/** trackOpenDialog records a dialog just shown; the returned function forgets it. */
export function trackOpenDialog(dialog: HTMLDialogElement): () => void {
  set([...open, dialog])
  return () => set(open.filter((d) => d !== dialog))
}

/** topDialog: the dialog opened last and still open, or null. */
export const topDialog = (): HTMLDialogElement | null => open[open.length - 1] ?? null

/** useTopDialog: topDialog, kept current. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    topDialog,
    () => null,
  )
}
