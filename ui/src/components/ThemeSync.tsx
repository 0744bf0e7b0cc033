import { useTheme } from '../hooks/useTheme'

/** ThemeSync keeps <html data-theme> in step with the stored choice and the OS setting. */
export function ThemeSync() {
  useTheme()
  return null
}
