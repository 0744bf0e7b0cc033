import { refreshApp } from '../../lib/pwa'
import { DownloadIcon, RefreshIcon, WrenchIcon } from '../ui/icons'
import { openPwaDialog, preloadPwaDialog } from './pwaDialogStore'
import { useInstall } from './useInstall'

/** InstallMenuItem: 'Install App' in the avatar menu while the app is not installed (SPEC §2). */
export function InstallMenuItem({ className, onDone }: { className: string; onDone: () => void }) {
  const { installed } = useInstall()
  if (installed) return null
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={className}
      onFocus={() => preloadPwaDialog('install')}
      onClick={() => {
        onDone()
        openPwaDialog('install')
      }}
    >
      <DownloadIcon className="size-4" /> Install App
    </button>
  )
}

/** InstalledMenuItems: 'PWA Troubleshooting' and 'Refresh App', in installed-app mode only (SPEC §2). */
export function InstalledMenuItems({ className, onDone }: { className: string; onDone: () => void }) {
  const { standalone } = useInstall()
  if (!standalone) return null
  return (
    <>
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={className}
        onFocus={() => preloadPwaDialog('troubleshoot')}
        onClick={() => {
          onDone()
          openPwaDialog('troubleshoot')
        }}
      >
        <WrenchIcon className="size-4" /> PWA Troubleshooting
      </button>
      <button type="button" role="menuitem" tabIndex={-1} className={className} onClick={() => void refreshApp()}>
        <RefreshIcon className="size-4" /> Refresh App
      </button>
    </>
  )
}
