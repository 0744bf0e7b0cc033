import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { menuItemClass as itemClass, useMenuButton } from '../../hooks/useMenuButton'
import { useTheme } from '../../hooks/useTheme'
import type { ThemePreference } from '../../lib/theme'
import { displayName, type OwnUser } from '../../lib/users'
import { InviteMenuItem } from '../friends/InviteButton'
import { PushMenuItem } from '../notifications/PushMenuItem'
import { InstalledMenuItems, InstallMenuItem } from '../pwa/PwaMenuItems'
import { Avatar } from '../ui/Avatar'
import { CalendarIcon, CheckIcon, ChevronDownIcon, FilmIcon, KeyIcon, LogOutIcon, MonitorIcon, MoonIcon, RefreshIcon, SunIcon, UserIcon } from '../ui/icons'

const themeItems: { value: ThemePreference; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <SunIcon className="size-4" /> },
  { value: 'dark', label: 'Dark', icon: <MoonIcon className="size-4" /> },
  { value: 'system', label: 'System', icon: <MonitorIcon className="size-4" /> },
]


/**
 * UserMenu: the avatar menu in SPEC §2's order (Profile, Invite a Friend, Install App,
 * Theme, Change Password, notifications, the installed app's troubleshooting and refresh,
 * Logout; Import & Export and About sit among them) as a WAI-ARIA menu button: Enter,
 * Space or the arrow keys open it, arrows/Home/End move, Escape closes and returns
 * focus, and a click outside closes it.
 */
export function UserMenu({ user }: { user: OwnUser }) {
  const { open, setOpen, close, rootRef, buttonRef, menuRef, menuId, onButtonKey, onMenuKey } = useMenuButton()
  const { preference, setPreference } = useTheme()
  const name = displayName(user)

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost gap-2 rounded-full px-1.5 md:pr-3"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        <Avatar user={user} size="sm" />
        <span data-testid="header-user-name" className="hidden max-w-40 truncate font-medium md:inline">
          {name}
        </span>
        <ChevronDownIcon className={`hidden size-4 opacity-60 transition-transform md:block ${open ? 'rotate-180' : ''}`} />
      </button>

      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          className="menu-pop absolute right-0 z-50 mt-2 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-2xl"
          onKeyDown={onMenuKey}
        >
          <div role="none" className="flex items-center gap-3 px-3 pt-2 pb-3">
            <Avatar user={user} size="md" />
            <div className="min-w-0">
              <div className="truncate font-semibold">{name}</div>
              <div className="truncate text-xs text-base-content/60">{user.email}</div>
            </div>
          </div>
          <div role="separator" className="my-1 border-t border-base-300" />
          <Link role="menuitem" tabIndex={-1} to="/profile" className={itemClass} onClick={() => close(false)}>
            <UserIcon className="size-4" /> Profile
          </Link>
          <InviteMenuItem userId={user.id} className={itemClass} />
          <InstallMenuItem className={itemClass} onDone={() => close()} />
          <Link role="menuitem" tabIndex={-1} to="/calendar" className={itemClass} onClick={() => close()}>
            <CalendarIcon className="size-4" /> TV Calendar
          </Link>
          <div role="separator" className="my-1 border-t border-base-300" />
          <div role="group" aria-labelledby={`${menuId}-theme`}>
            <div id={`${menuId}-theme`} role="presentation" className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-base-content/60 uppercase">
              Theme
            </div>
            {themeItems.map((item) => (
              <button
                key={item.value}
                type="button"
                role="menuitemradio"
                aria-checked={preference === item.value}
                tabIndex={-1}
                className={itemClass}
                onClick={() => setPreference(item.value)}
              >
                {item.icon}
                <span className="flex-1">{item.label}</span>
                {preference === item.value && <CheckIcon className="size-4 text-primary" />}
              </button>
            ))}
          </div>
          <div role="separator" className="my-1 border-t border-base-300" />
          <Link role="menuitem" tabIndex={-1} to="/settings/profile" className={itemClass} onClick={() => close(false)}>
            <UserIcon className="size-4" /> Settings
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/settings/password" className={itemClass} onClick={() => close(false)}>
            <KeyIcon className="size-4" /> Change Password
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/settings/import" className={itemClass} onClick={() => close(false)}>
            <RefreshIcon className="size-4" /> Import & Export
          </Link>
          <PushMenuItem className={itemClass} onDone={() => close(false)} />
          <InstalledMenuItems className={itemClass} onDone={() => close()} />
          <Link role="menuitem" tabIndex={-1} to="/about" className={itemClass} onClick={() => close(false)}>
            <FilmIcon className="size-4" /> About CineCircle
          </Link>
          <div role="separator" className="my-1 border-t border-base-300" />
          <a role="menuitem" tabIndex={-1} href="/api/logout" className={`${itemClass} text-error`}>
            <LogOutIcon className="size-4" /> Logout
          </a>
        </div>
      )}
    </div>
  )
}
