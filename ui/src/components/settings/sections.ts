import type { ComponentType } from 'react'

/** SettingsSection: one page of /settings, with its entry in the section nav. */
export interface SettingsSection {
  /** The sub-route under /settings. */
  path: string
  /** Its name in the nav. */
  label: string
  /** A danger-zone section sits last, set apart and in the error colour. */
  danger?: boolean
  /** Loads the section's page (its code loads on first visit). */
  load: () => Promise<{ default: ComponentType }>
}

/**
 * settingsSections are the sections of the settings area, in nav order. Adding one (a
 * calendar feed, a public profile, scrobbling) is one line here: the route and the nav
 * entry both come from this list. Paths that existed before the settings area
 * (/settings/password, /settings/import, /settings/blocked) keep their addresses.
 */
export const settingsSections: SettingsSection[] = [
  { path: 'profile', label: 'Profile', load: () => import('./ProfileSection') },
  { path: 'account', label: 'Account', load: () => import('./AccountSection') },
  { path: 'password', label: 'Password', load: () => import('../../routes/ChangePassword') },
  { path: 'security', label: 'Security', load: () => import('./SecuritySection') },
  { path: 'blocked', label: 'Blocked members', load: () => import('../../routes/BlockedMembers') },
  { path: 'import', label: 'Import & export', load: () => import('../../routes/ImportExport') },
  { path: 'sharing', label: 'Sharing', load: () => import('./SharingSection') },
  { path: 'fediverse', label: 'Fediverse', load: () => import('./FediverseSection') },
  { path: 'calendar', label: 'Calendar feed', load: () => import('../../routes/CalendarSettings') },
  { path: 'scrobbling', label: 'Scrobbling', load: () => import('../../routes/ScrobbleSettingsPage') },
  { path: 'delete', label: 'Delete account', danger: true, load: () => import('./DeleteSection') },
]
