import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useDismiss } from './useDismiss'

/** menuItemClass is how every menu's entries look. */
export const menuItemClass =
  'flex w-full items-center gap-3 rounded-field px-3 py-2 text-left text-sm outline-none hover:bg-base-200 focus-visible:bg-base-200 focus-visible:ring-2 focus-visible:ring-primary'

/**
 * useMenuButton is the WAI-ARIA menu-button behaviour the avatar menu and the cards' menus
 * share: Enter, Space or the arrow keys open it (ArrowUp focusing the last entry), arrows,
 * Home and End move, Escape closes and returns focus to the button, Tab or a pointer
 * outside closes it. Entries are the elements whose role starts with 'menuitem'.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const pendingFocus = useRef<'first' | 'last'>('first')
  const menuId = useId()

  const entries = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])

  useEffect(() => {
    if (!open) return
    const list = entries()
    ;(pendingFocus.current === 'last' ? list[list.length - 1] : list[0])?.focus()
    pendingFocus.current = 'first'
  }, [open])

  /** close shuts the menu, returning focus to its button unless told not to. */
  const close = (refocus = true) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

  useDismiss(rootRef, open, (reason) => close(reason === 'escape'))

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      pendingFocus.current = e.key === 'ArrowUp' ? 'last' : 'first'
      setOpen(true)
    }
  }

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = entries()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus()
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault()
        focusAt(index + 1)
        break
      case 'ArrowUp':
        e.preventDefault()
        focusAt(index - 1)
        break
      case 'Home':
        e.preventDefault()
        focusAt(0)
        break
      case 'End':
        e.preventDefault()
        focusAt(list.length - 1)
        break
      case 'Tab':
        setOpen(false)
        break
    }
  }

  return { open, setOpen, close, rootRef, buttonRef, menuRef, menuId, onButtonKey, onMenuKey }
}
