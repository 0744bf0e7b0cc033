/** Spinner: daisyUI's loading ring, announced to screen readers. */
export function Spinner({ label = 'Loading', className = 'loading-md' }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span className={`loading loading-spinner text-primary ${className}`} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** FullScreenSpinner shows while the app learns whether someone is signed in. */
export function FullScreenSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center bg-base-100">
      <Spinner label="Loading CineCircle" className="loading-lg" />
    </div>
  )
}

/** PageSpinner is the fallback while a lazily loaded page arrives. */
export function PageSpinner() {
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Spinner label="Loading page" className="loading-lg" />
    </div>
  )
}

/** DialogSpinner covers the page while a lazily loaded dialog's code arrives. */
export function DialogSpinner() {
  return (
    <div className="fixed inset-0 z-[999] grid place-items-center bg-black/30">
      <Spinner label="Opening" className="loading-lg" />
    </div>
  )
}
