import { useSyncExternalStore } from 'react'

/** The PWA's dialogs, opened from the avatar menu or the install card. */
export type PwaDialog = 'install' | 'troubleshoot' | null

let open: PwaDialog = null
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** openPwaDialog shows one of the PWA dialogs (null closes it). */
export function openPwaDialog(dialog: PwaDialog) {
  if (dialog !== null) preloadPwaDialog(dialog)
  open = dialog
  listeners.forEach((l) => l())
}

/** usePwaDialog: which PWA dialog is open, for the host that renders it. */
export function usePwaDialog(): PwaDialog {
  return useSyncExternalStore(subscribe, () => open, () => null)
}

// The dialogs load lazily: the shell's first load stays small.
export const loadInstallDialog = () => import('./InstallDialog')
export const loadTroubleshootDialog = () => import('./TroubleshootDialog')

/** preloadPwaDialog fetches a dialog's code ahead (menu items call it on focus or hover). */
export function preloadPwaDialog(dialog: Exclude<PwaDialog, null>) {
  void (dialog === 'install' ? loadInstallDialog() : loadTroubleshootDialog())
}
