// Toast store (SPEC §4 toast states, §9 toast constants): toasts are added, updated,
// dismissed (closed, kept briefly for exit animations) and removed. The reducer is pure;
// timers live in the store around it.
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_SWIPE_THRESHOLD = 50

export type ToastVariant = 'default' | 'destructive'

export interface Toast {
  id: string
  title?: string
  description?: string
  variant: ToastVariant
  /** Auto-dismiss after this many ms; Infinity keeps it until closed. */
  duration: number
  open: boolean
}

export interface ToastState {
  toasts: Toast[]
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: Toast }
  | { type: 'UPDATE_TOAST'; toast: Partial<Toast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string }

/** toastReducer: at most TOAST_LIMIT toasts, newest first. No id means every toast. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) }
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) }
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      }
    case 'REMOVE_TOAST':
      if (action.toastId === undefined) return { toasts: [] }
      return { toasts: state.toasts.filter((t) => t.id !== action.toastId) }
  }
}

/** shouldDismissOnSwipe: a swipe to the right beyond the threshold closes the toast. */
export function shouldDismissOnSwipe(deltaX: number): boolean {
  return deltaX > TOAST_SWIPE_THRESHOLD
}

export interface ToastInput {
  title?: string
  description?: string
  variant?: ToastVariant
  duration?: number
}

type Listener = (state: ToastState) => void

/** createToastStore wires the reducer to listeners and the removal timers. */
export function createToastStore(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  let state: ToastState = { toasts: [] }
  let counter = 0
  const listeners = new Set<Listener>()
  const removalQueued = new Set<string>()

  function dispatch(action: ToastAction) {
    state = toastReducer(state, action)
    if (action.type === 'DISMISS_TOAST') {
      const ids = action.toastId === undefined ? state.toasts.map((t) => t.id) : [action.toastId]
      for (const id of ids) queueRemoval(id)
    }
    for (const listener of listeners) listener(state)
  }

  function queueRemoval(id: string) {
    if (removalQueued.has(id)) return
    removalQueued.add(id)
    schedule(() => {
      removalQueued.delete(id)
      dispatch({ type: 'REMOVE_TOAST', toastId: id })
    }, TOAST_REMOVE_DELAY_MS)
  }

  function toast(input: ToastInput) {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER
    const id = String(counter)
    dispatch({
      type: 'ADD_TOAST',
      toast: {
        id,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        duration: input.duration ?? TOAST_DURATION_MS,
        open: true,
      },
    })
    return {
      id,
      dismiss: () => dispatch({ type: 'DISMISS_TOAST', toastId: id }),
      update: (next: ToastInput) => {
        const defined = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Partial<Toast>
        dispatch({ type: 'UPDATE_TOAST', toast: { ...defined, id } })
      },
    }
  }

  return {
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'DISMISS_TOAST', toastId }),
    getState: () => state,
    subscribe: (listener: Listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

/** The app's one toast store. */
export const toastStore = createToastStore()
export const toast = toastStore.toast
