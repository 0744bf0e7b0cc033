import { lazy, Suspense } from 'react'
import { loadInstallDialog, loadTroubleshootDialog, openPwaDialog, usePwaDialog } from './pwaDialogStore'

const InstallDialog = lazy(loadInstallDialog)
const TroubleshootDialog = lazy(loadTroubleshootDialog)

/** PwaDialogHost renders the open PWA dialog (install instructions or troubleshooting). */
export function PwaDialogHost() {
  const dialog = usePwaDialog()
  const close = () => openPwaDialog(null)
  if (dialog === null) return null
  return <Suspense fallback={null}>{dialog === 'install' ? <InstallDialog onClose={close} /> : <TroubleshootDialog onClose={close} />}</Suspense>
}
