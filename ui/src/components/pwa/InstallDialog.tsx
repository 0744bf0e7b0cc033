import { installPlatform, type InstallPlatform } from '../../lib/pwa'
import { Modal } from '../ui/Modal'
import { useInstall } from './useInstall'

const guides: { platform: InstallPlatform; title: string; steps: string[] }[] = [
  {
    platform: 'ios',
    title: 'iPhone or iPad (Safari)',
    steps: [
      'Open CineCircle in Safari.',
      'Tap the Share button (the square with an arrow pointing up).',
      "Scroll down and tap 'Add to Home Screen'.",
      "Tap 'Add'. CineCircle appears on your home screen.",
    ],
  },
  {
    platform: 'android',
    title: 'Android (Chrome)',
    steps: [
      'Open CineCircle in Chrome.',
      'Tap the menu (three dots) at the top right.',
      "Tap 'Install app' (or 'Add to Home screen').",
      "Confirm with 'Install'.",
    ],
  },
  {
    platform: 'desktop',
    title: 'Desktop (Chrome or Edge)',
    steps: [
      'Open CineCircle in Chrome or Microsoft Edge.',
      'Click the install icon at the right end of the address bar (a screen with a down arrow).',
      "Or open the browser menu and choose 'Install CineCircle' (Edge: Apps › Install this site as an app).",
      "Click 'Install'. CineCircle opens in its own window.",
    ],
  },
]

/**
 * InstallDialog: how to install the app on iPhone/iPad Safari, Android Chrome and desktop
 * Chrome/Edge (SPEC §2), this device's platform first. When the browser offers to install
 * right away, an 'Install now' button does it.
 */
export default function InstallDialog({ onClose }: { onClose: () => void }) {
  const { canPrompt, installed, prompt } = useInstall()
  const mine = installPlatform(navigator.userAgent, navigator.maxTouchPoints)
  const ordered = [...guides].sort((a, b) => Number(b.platform === mine) - Number(a.platform === mine))

  return (
    <Modal title="Install CineCircle" description="Add the app to your home screen or desktop for offline access and notifications." onClose={onClose}>
      {installed ? (
        <p className="alert alert-success">CineCircle is installed on this device.</p>
      ) : (
        canPrompt && (
          <button
            type="button"
            className="btn btn-primary mb-4 w-full"
            onClick={() => {
              void prompt().then((outcome) => {
                if (outcome === 'accepted') onClose()
              })
            }}
          >
            Install now
          </button>
        )
      )}
      <div className="space-y-4">
        {ordered.map((g) => (
          <section key={g.platform} aria-labelledby={`install-${g.platform}`} className="rounded-box border border-base-300 p-4">
            <h3 id={`install-${g.platform}`} className="font-semibold">
              {g.title}
              {g.platform === mine && <span className="badge badge-soft badge-primary badge-sm ml-2">This device</span>}
            </h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-base-content/80">
              {g.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </Modal>
  )
}
