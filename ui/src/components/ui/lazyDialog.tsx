import { lazy, Suspense, type ComponentType } from 'react'
import { DialogSpinner } from './Spinner'

/**
 * lazyDialog makes a dialog whose code loads the first time it opens, so a page that only
 * shows what opens it (a card's menu, a button) does not load it up front: the signed-in
 * home's first-load JavaScript (issue 26). load imports the dialog's module and picks the
 * component. Render the result only while the dialog is open, as the dialog itself; until
 * its code arrives, a spinner covers the page. preload fetches the code ahead, for the
 * onPointerEnter and onFocus of what opens the dialog, so it usually opens at once.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })))
  function LazyDialog(props: P) {
    return (
      <Suspense fallback={<DialogSpinner />}>
        <Dialog {...props} />
      </Suspense>
    )
  }
  return Object.assign(LazyDialog, { preload: () => void load() })
}
