import { useSyncExternalStore } from 'react'
import { installStore, isStandalone } from '../../lib/pwa'

const standaloneQuery = '(display-mode: standalone)'

function subscribeStandalone(listener: () => void) {
  const media = window.matchMedia(standaloneQuery)
  media.addEventListener('change', listener)
  return () => media.removeEventListener('change', listener)
}

/**
 * useInstall: whether the app runs installed, whether the browser offers to install it
 * (its deferred prompt), and prompt() to show the browser's install dialog.
 */
export function useInstall() {
  const state = useSyncExternalStore(installStore.subscribe, installStore.getState, installStore.getState)
  const standalone = useSyncExternalStore(subscribeStandalone, isStandalone, () => false)
  return { standalone, installed: standalone || state.installed, canPrompt: state.prompt !== null, prompt: installStore.prompt }
}
