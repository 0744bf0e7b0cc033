// The stack of open modal dialogs. The app frame turns inert while any is open (so focus
// and screen readers stay in the dialog) and only the top one answers Escape. Toasts live
// outside the frame, so they stay visible and announced above a dialog.
type Listener = () => void

/** createModalStack: ids of the open dialogs, oldest first, with subscribers. */
export function createModalStack() {
  let stack: readonly string[] = []
  const listeners = new Set<Listener>()
  const notify = () => listeners.forEach((l) => l())
  return {
    /** push opens a dialog; the returned function closes it (safe to call twice). */
    push: (id: string): (() => void) => {
      stack = [...stack.filter((s) => s !== id), id]
      notify()
      return () => {
        if (!stack.includes(id)) return
        stack = stack.filter((s) => s !== id)
        notify()
      }
    },
    isTop: (id: string) => stack[stack.length - 1] === id,
    isOpen: () => stack.length > 0,
    subscribe: (listener: Listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export const modalStack = createModalStack()
