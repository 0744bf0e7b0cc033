// Theme preference (SPEC §3 local preferences, §4 theme states). DESIGN reading: the
// default is 'system', and any unknown stored value falls back to it.
export type ThemePreference = 'light' | 'dark' | 'system'
export type ResolvedTheme = 'light' | 'dark'

export const THEME_STORAGE_KEY = 'cinecircle-theme'
export const DEFAULT_THEME: ThemePreference = 'system'

/** parseThemePreference reads a stored value; anything unknown means the default. */
export function parseThemePreference(stored: string | null | undefined): ThemePreference {
  return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : DEFAULT_THEME
}

/** resolveTheme: 'system' follows the operating system's dark-mode preference. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light'
  return preference
}

/** The daisyUI theme names defined in index.css. */
export const DAISY_THEMES: Record<ResolvedTheme, string> = {
  light: 'cinecircle-light',
  dark: 'cinecircle-dark',
}
