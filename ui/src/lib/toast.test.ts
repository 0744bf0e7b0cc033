import { describe, expect, it, vi } from 'vitest'
import {
  createToastStore,
  shouldDismissOnSwipe,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  toastReducer,
  type Toast,
} from './toast'

const make = (id: string, extra: Partial<Toast> = {}): Toast => ({
  id,
  title: `t${id}`,
  variant: 'default',
  duration: 5000,
  open: true,
  ...extra,
})

describe('toastReducer', () => {
  it('keeps one toast at a time, newest first', () => {
    const s1 = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') })
    const s2 = toastReducer(s1, { type: 'ADD_TOAST', toast: make('2') })
    expect(s2.toasts.map((t) => t.id)).toEqual(['2'])
  })

  it('updates by id', () => {
    const s = toastReducer({ toasts: [make('1')] }, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'new' } })
    expect(s.toasts[0]?.title).toBe('new')
    const same = toastReducer({ toasts: [make('1')] }, { type: 'UPDATE_TOAST', toast: { id: '9', title: 'x' } })
    expect(same.toasts[0]?.title).toBe('t1')
  })

  it('dismisses one or all (closes, keeps)', () => {
    const s = toastReducer({ toasts: [make('1'), make('2')] }, { type: 'DISMISS_TOAST', toastId: '2' })
    expect(s.toasts.map((t) => t.open)).toEqual([true, false])
    const all = toastReducer({ toasts: [make('1'), make('2')] }, { type: 'DISMISS_TOAST' })
    expect(all.toasts.every((t) => !t.open)).toBe(true)
  })

  it('removes one or all', () => {
    expect(toastReducer({ toasts: [make('1'), make('2')] }, { type: 'REMOVE_TOAST', toastId: '1' }).toasts).toEqual([
      make('2'),
    ])
    expect(toastReducer({ toasts: [make('1')] }, { type: 'REMOVE_TOAST' }).toasts).toEqual([])
  })
})

describe('createToastStore', () => {
  it('adds with defaults and notifies listeners', () => {
    const store = createToastStore(() => undefined)
    const seen = vi.fn()
    store.subscribe(seen)
    store.toast({ title: 'Profile Updated', description: 'Saved.' })
    expect(store.getState().toasts).toEqual([
      { id: '1', title: 'Profile Updated', description: 'Saved.', variant: 'default', duration: TOAST_DURATION_MS, open: true },
    ])
    expect(seen).toHaveBeenCalledTimes(1)
  })

  it('removes a dismissed toast after 1,000,000 ms', () => {
    const timers: { fn: () => void; ms: number }[] = []
    const store = createToastStore((fn, ms) => timers.push({ fn, ms }))
    const t = store.toast({ title: 'Error', variant: 'destructive' })
    t.dismiss()
    t.dismiss()
    expect(timers).toHaveLength(1)
    expect(timers[0]?.ms).toBe(TOAST_REMOVE_DELAY_MS)
    expect(store.getState().toasts[0]?.open).toBe(false)
    timers[0]?.fn()
    expect(store.getState().toasts).toEqual([])
  })

  it('updates a toast through its handle', () => {
    const store = createToastStore(() => undefined)
    const t = store.toast({ title: 'Saving' })
    t.update({ title: 'Saved', description: undefined })
    expect(store.getState().toasts[0]?.title).toBe('Saved')
  })
})

describe('shouldDismissOnSwipe', () => {
  it.each([
    [51, true],
    [50, false],
    [-80, false],
  ])('%i → %s', (dx, expected) => {
    expect(shouldDismissOnSwipe(dx)).toBe(expected)
  })
})
