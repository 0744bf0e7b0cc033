import type { ReactNode } from 'react'
import { menuItemClass as itemClass, useMenuButton } from '../../hooks/useMenuButton'

/** One entry of a Menu: a label with an icon, and what choosing it does. */
export interface MenuItem {
  key: string
  label: string
  icon?: ReactNode
  onSelect: () => void
  danger?: boolean
  /** Fetches what choosing the item opens (a lazily loaded dialog's code) while it is pointed at or focused. */
  preload?: () => void
}

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
  const { open, setOpen, close, rootRef, buttonRef, menuRef, menuId, onButtonKey, onMenuKey } = useMenuButton()

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
              onPointerEnter={item.preload}
              onFocus={item.preload}
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
