import { useSyncExternalStore } from 'react'
import type { CatalogKind } from '../../lib/catalog'
import type { PickedTitle } from '../../lib/diary'
import { queryClient } from '../../lib/queryClient'
import type { WatchStatus } from '../../lib/rating'
import { followingQuery } from '../../queries/social'

/** What the add dialog opens with: a title already picked, a kind, a status. All optional. */
export interface AddDialogPreset {
  title?: PickedTitle
  kind?: CatalogKind
  status?: WatchStatus
}

export interface AddDialogState {
  open: boolean
  preset: AddDialogPreset
  /** Bumped on every opening, so the dialog starts with a fresh form each time. */
  session: number
}

let state: AddDialogState = { open: false, preset: {}, session: 0 }
const listeners = new Set<() => void>()

function set(next: AddDialogState) {
  state = next
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * openAddDialog opens the Add Movie or TV Show dialog from anywhere (bottom bar, home card,
 * title pages, watchlist), optionally with a title picked and a status chosen.
 */
export function openAddDialog(preset: AddDialogPreset = {}) {
  preloadAddDialog()
  set({ open: true, preset, session: state.session + 1 })
}

export function closeAddDialog() {
  if (state.open) set({ ...state, open: false })
}

/** useAddDialogState: the dialog's state, for the host that renders it. */
export function useAddDialogState(): AddDialogState {
  return useSyncExternalStore(subscribe, () => state, () => state)
}

/** loadAddDialog fetches the dialog's code (it loads lazily; triggers preload it on hover). */
export const loadAddDialog = () => import('./AddDialog')

// SPEC §7, §9: the following list is prefetched at startup (fresh 10 min) and on hover (5 min).
export const PREFETCH_STARTUP_STALE_MS = 10 * 60 * 1000
export const PREFETCH_HOVER_STALE_MS = 5 * 60 * 1000

/** prefetchFollowing warms the watched-with picker's list. */
export function prefetchFollowing(staleTime: number) {
  void queryClient.prefetchQuery({ ...followingQuery(), staleTime })
}

/**
 * preloadAddDialog: for onPointerEnter / onFocus of the buttons that open the dialog: its
 * code and the people you follow, so it opens at once.
 */
export function preloadAddDialog() {
  void loadAddDialog()
  prefetchFollowing(PREFETCH_HOVER_STALE_MS)
}
