import { useSyncExternalStore } from 'react'
import { toastStore } from '../lib/toast'

/** useToasts: the toasts on screen, for the Toaster. */
export function useToasts() {
  return useSyncExternalStore(toastStore.subscribe, toastStore.getState, toastStore.getState).toasts
}

