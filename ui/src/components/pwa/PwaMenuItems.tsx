import type { ReactNode } from 'react'
import { refreshApp } from '../../lib/pwa'
import { DownloadIcon, RefreshIcon, WrenchIcon } from '../ui/icons'
import { openPwaDialog, preloadPwaDialog, type PwaDialog } from './pwaDialogStore'
import { useInstall } from './useInstall'

interface MenuItemProps {
  className: string
  onDone: () => void
}

/** DialogMenuItem closes the menu and opens one of the PWA dialogs (loaded on focus). */
function DialogMenuItem({ dialog, className, onDone, children }: MenuItemProps & { dialog: Exclude<PwaDialog, null>; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={className}
      onFocus={() => preloadPwaDialog(dialog)}
      onClick={() => {
        onDone()
        openPwaDialog(dialog)
      }}
    >
      {children}
    </button>
  )
}

/** InstallMenuItem: 'Install App' in the avatar menu while the app is not installed (SPEC §2). */
export function InstallMenuItem(props: MenuItemProps) {
  const { installed } = useInstall()
  if (installed) return null
  return (
    <DialogMenuItem dialog="install" {...props}>
      <DownloadIcon className="size-4" /> Install App
    </DialogMenuItem>
  )
}

/** InstalledMenuItems: 'PWA Troubleshooting' and 'Refresh App', in installed-app mode only (SPEC §2). */
export function InstalledMenuItems(props: MenuItemProps) {
  const { standalone } = useInstall()
  if (!standalone) return null
  return (
    <>
      <DialogMenuItem dialog="troubleshoot" {...props}>
        <WrenchIcon className="size-4" /> PWA Troubleshooting
      </DialogMenuItem>
      <button type="button" role="menuitem" tabIndex={-1} className={props.className} onClick={() => void refreshApp()}>
        <RefreshIcon className="size-4" /> Refresh App
      </button>
    </>
  )
}
