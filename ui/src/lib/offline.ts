// Writes made offline (SPEC §9 online-only writes): how they are explained and replayed.
// The offline banner is components/pwa/OfflineBanner.tsx, in every first page's code; this
// loads with the member's shell.
import { onlineManager, type MutationCache } from '@tanstack/react-query'

export interface WriteNotice {
  title: string
  description: string
}

export const QUEUED_NOTICE: WriteNotice = {
  title: 'Saved for later',
  description: "You're offline. Your change will be sent when you're back online; keep the app open until then.",
}

export const REPLAY_NOTICE: WriteNotice = {
  title: 'Back online',
  description: 'Sending the changes you made offline...',
}

/**
 * writeNotice decides what to tell the member about writes made offline: one notice when
 * the first write of an offline spell waits for the network (not one per write), and one
 * when the connection returns after such a write. null means say nothing.
 */
export function writeNotice(event: 'paused' | 'online', writesWaitedThisSpell: boolean): WriteNotice | null {
  if (event === 'paused') return writesWaitedThisSpell ? null : QUEUED_NOTICE
  return writesWaitedThisSpell ? REPLAY_NOTICE : null
}

/**
 * watchOfflineWrites: mutations run in online-only mode (SPEC §9), so a write made
 * offline pauses (its optimistic change stays on screen) and TanStack Query replays it
 * when the connection returns. This tells the member so, through notify (a toast). It
 * also seeds the online state from the browser, which TanStack otherwise assumes online
 * until the first offline event. Returns the unsubscribe.
 */
export function watchOfflineWrites(mutations: MutationCache, notify: (n: WriteNotice) => void): () => void {
  onlineManager.setOnline(navigator.onLine)
  let waited = false
  const offMutations = mutations.subscribe((event) => {
    if (event.type !== 'updated' || !event.mutation.state.isPaused) return
    const notice = writeNotice('paused', waited)
    waited = true
    if (notice) notify(notice)
  })
  const offOnline = onlineManager.subscribe((online) => {
    if (!online) return
    const notice = writeNotice('online', waited)
    waited = false
    if (notice) notify(notice)
  })
  return () => {
    offMutations()
    offOnline()
  }
}
