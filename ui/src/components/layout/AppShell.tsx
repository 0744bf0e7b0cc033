import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { useBodyScrollRestoration } from '../../hooks/useBodyScrollRestoration'
import { watchOfflineWrites } from '../../lib/offline'
import { useTopDialog } from '../../lib/dialogs'
import { queryClient } from '../../lib/queryClient'
import { toast } from '../../lib/toast'
import { needsProfileCompletion, type OwnUser } from '../../lib/users'
import { AddDialogHost } from '../diary/AddDialogHost'
import { InstallPromptCard } from '../pwa/InstallPromptCard'
import { PwaDialogHost } from '../pwa/PwaDialogHost'
import { lazyDialog } from '../ui/lazyDialog'
import { Header } from './Header'
import { MobileBottomBar } from './MobileBottomBar'

// Only a new member sees it, once: its form's code loads then.
const CompleteProfileModal = lazyDialog(() => import('../profile/CompleteProfileModal').then((m) => m.CompleteProfileModal))

/**
 * AppShell: the signed-in frame: header, page, mobile bottom bar, the add dialog (opened
 * from anywhere) and the blocking Complete Your Profile modal when the profile needs it.
 * While a dialog is open the browser keeps the frame inert (<dialog>.showModal()). It
 * also hosts the PWA's install card and dialogs, and explains writes made offline.
 */
export function AppShell({ user }: { user: OwnUser }) {
  const mustComplete = needsProfileCompletion(user)
  const dialogOpen = useTopDialog() !== null
  useBodyScrollRestoration()
  useEffect(() => watchOfflineWrites(queryClient.getMutationCache(), (n) => toast(n)), [])
  return (
    <>
      <div className="min-h-dvh bg-base-200">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Header user={user} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 pt-6 pb-28 outline-none md:pb-12">
          <Outlet />
        </main>
        <MobileBottomBar />
      </div>
      {!mustComplete && <AddDialogHost />}
      {!mustComplete && !dialogOpen && <InstallPromptCard />}
      <PwaDialogHost />
      {mustComplete && <CompleteProfileModal user={user} />}
    </>
  )
}
