import { useCallback, useEffect, useSyncExternalStore } from 'react'
import {
  DAISY_THEMES,
  parseThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type ThemePreference,
} from '../lib/theme'

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

function readPreference(): ThemePreference {
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY))
  } catch {
    return parseThemePreference(null)
  }
}

const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())

function subscribe(listener: () => void) {
  listeners.add(listener)
  const media = darkQuery()
  media.addEventListener('change', listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    media.removeEventListener('change', listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** applyTheme puts the resolved daisyUI theme on <html> (index.html does it once before paint). */
export function applyTheme(theme: ResolvedTheme) {
  document.documentElement.dataset.theme = DAISY_THEMES[theme]
}

/**
 * useTheme: the stored preference, the theme it resolves to right now, and a setter.
 * 'system' follows the OS setting live.
 */
export function useTheme() {
  const preference = useSyncExternalStore(subscribe, readPreference, () => 'system' as const)
  const systemDark = useSyncExternalStore(
    subscribe,
    () => darkQuery().matches,
    () => false,
  )
  const resolved = resolveTheme(preference, systemDark)

  useEffect(() => {
    applyTheme(resolved)
  }, [resolved])

  const setPreference = useCallback((next: ThemePreference) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this page only
    }
    applyTheme(resolveTheme(next, darkQuery().matches))
    notify()
  }, [])

  return { preference, resolved, setPreference }
}
