import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

/** One entry of a Menu: a label with an icon, and what choosing it does. */
export interface MenuItem {
  key: string
  label: string
  icon?: ReactNode
  onSelect: () => void
  danger?: boolean
}

const itemClass =
  'flex w-full items-center gap-3 rounded-field px-3 py-2 text-left text-sm outline-none hover:bg-base-200 focus-visible:bg-base-200 focus-visible:ring-2 focus-visible:ring-primary'

/**
 * Menu: a small WAI-ARIA menu button (the avatar menu's pattern): Enter, Space or the
 * arrow keys open it, arrows/Home/End move, Escape closes and returns focus, Tab or a
 * click outside closes it. Choosing an item closes the menu, then runs the item.
 */
export function Menu({
  label,
  button,
  items,
  buttonClassName = 'btn btn-ghost btn-sm',
  align = 'right',
}: {
  /** The button's accessible name ('Share', 'Post options'). */
  label: string
  button: ReactNode
  items: readonly MenuItem[]
  buttonClassName?: string
  align?: 'left' | 'right'
}) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const pendingFocus = useRef<'first' | 'last'>('first')
  const menuId = useId()

  const entries = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

  useEffect(() => {
    if (!open) return
    const list = entries()
    ;(pendingFocus.current === 'last' ? list[list.length - 1] : list[0])?.focus()
    pendingFocus.current = 'first'
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

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
      case 'Escape':
        e.preventDefault()
        e.stopPropagation()
        close(true)
        break
      case 'Tab':
        setOpen(false)
        break
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {button}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={`menu-pop absolute z-30 mt-1 w-52 rounded-box border border-base-300 bg-base-100 p-1.5 shadow-xl ${
            align === 'right' ? 'right-0' : 'left-0'
          }`}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${itemClass} ${item.danger ? 'text-error' : ''}`}
              onClick={() => {
                close(true)
                item.onSelect()
              }}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
