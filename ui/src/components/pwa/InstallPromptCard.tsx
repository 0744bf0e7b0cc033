import { useState } from 'react'
import { INSTALL_SNOOZE_KEY, parseSnooze, shouldShowInstallCard } from '../../lib/pwa'
import { LogoMark } from '../layout/Logo'
import { XIcon } from '../ui/icons'
import { useInstall } from './useInstall'

function readSnooze(): number | null {
  try {
    return parseSnooze(localStorage.getItem(INSTALL_SNOOZE_KEY))
  } catch {
    return null
  }
}

/**
 * InstallPromptCard (SPEC §2, §4): offers to install the app when the browser says it
 * can be and it is not installed yet. 'Install' opens the browser's own dialog; the card
 * goes away after the choice, after an install, or on 'Not now' (for two weeks).
 */
export function InstallPromptCard() {
  const { canPrompt, installed, prompt } = useInstall()
  const [snoozedAt, setSnoozedAt] = useState(readSnooze)
  const [now] = useState(Date.now)
  if (!shouldShowInstallCard({ canPrompt, standalone: installed, snoozedAt, now })) return null

  const notNow = () => {
    const at = Date.now()
    try {
      localStorage.setItem(INSTALL_SNOOZE_KEY, String(at))
    } catch {
      // without storage the card still hides for this visit
    }
    setSnoozedAt(at)
  }

  return (
    <section
      aria-labelledby="install-card-title"
      className="rise-in fixed inset-x-3 bottom-20 z-40 rounded-box border border-base-300 bg-base-100 p-4 shadow-2xl sm:left-auto sm:w-96 md:right-auto md:bottom-6 md:left-6"
    >
      <div className="flex items-start gap-3">
        <LogoMark className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <h2 id="install-card-title" className="font-semibold">
            Install CineCircle
          </h2>
          <p className="mt-0.5 text-sm text-base-content/70">Get the full app experience with offline access and notifications</p>
          <div className="mt-3 flex gap-2">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void prompt()}>
              Install
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={notNow}>
              Not now
            </button>
          </div>
        </div>
        <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label="Not now" onClick={notNow}>
          <XIcon className="size-4" />
        </button>
      </div>
    </section>
  )
}
