import { useEffect, useRef, type RefObject } from 'react'

/** Why a popup was dismissed: a pointer pressed outside it, or Escape. */
type DismissReason = 'outside' | 'escape'

/**
 * useDismiss closes a popup (the bell's panel, the menus, the emoji picker, a tooltip) the
 * way all of ours close: on a pointer pressed outside `ref`, and on Escape wherever focus
 * is. Escape is taken before anything else sees it (capture) and its default prevented,
 * so a dialog or a field the popup sits in does not act on it too. Listens only while
 * `open`; onDismiss may change from render to render.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, onDismiss: (reason: DismissReason) => void): void {
  const onDismissRef = useRef(onDismiss)
  useEffect(() => {
    onDismissRef.current = onDismiss
  })

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onDismissRef.current('outside')
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return
      e.preventDefault()
      onDismissRef.current('escape')
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey, true)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey, true)
    }
  }, [open, ref])
}
