import type { MouseEvent, ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { activeTab, type BottomTab } from '../../lib/navigation'
import { openAddDialog, preloadAddDialog } from '../diary/addDialogStore'
import { CompassIcon, HomeIcon, PlusIcon, UserIcon, UsersIcon } from '../ui/icons'

const tabs: { tab: BottomTab; to: string; label: string; icon: ReactNode }[] = [
  { tab: 'home', to: '/', label: 'Home', icon: <HomeIcon className="size-6" /> },
  { tab: 'explore', to: '/search', label: 'Explore', icon: <CompassIcon className="size-6" /> },
  { tab: 'friends', to: '/friends?tab=discover', label: 'Friends', icon: <UsersIcon className="size-6" /> },
  { tab: 'profile', to: '/profile', label: 'Profile', icon: <UserIcon className="size-6" /> },
]

function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' })
  navigator.vibrate?.(10)
}

/**
 * MobileBottomBar (SPEC §2): five slots under 768 px. Tapping the tab you are on scrolls
 * to the top with a short vibration. The centre button opens the Add Movie or TV Show dialog.
 */
export function MobileBottomBar() {
  const { pathname } = useLocation()
  const current = activeTab(pathname)

  const item = (t: (typeof tabs)[number]) => {
    const active = current === t.tab
    const onClick = (e: MouseEvent) => {
      if (active) {
        e.preventDefault()
        scrollToTop()
      }
    }
    return (
      <Link
        key={t.tab}
        to={t.to}
        onClick={onClick}
        aria-current={active ? 'page' : undefined}
        className={`flex flex-col items-center justify-center gap-0.5 rounded-field py-1.5 text-[11px] font-medium transition-colors ${
          active ? 'text-primary' : 'text-base-content/60 hover:text-base-content'
        }`}
      >
        {t.icon}
        {t.label}
      </Link>
    )
  }

  return (
    <nav
      aria-label="Primary"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-base-300 bg-base-100/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <div className="mx-auto grid h-16 max-w-md grid-cols-5 items-center px-2">
        {item(tabs[0]!)}
        {item(tabs[1]!)}
        <div className="flex justify-center">
          <button
            type="button"
            aria-label="Add Movie or TV Show"
            className="btn btn-primary btn-circle -mt-6 size-14 shadow-lg shadow-primary/30"
            onClick={() => openAddDialog()}
            onPointerEnter={preloadAddDialog}
            onFocus={preloadAddDialog}
          >
            <PlusIcon className="size-7" />
          </button>
        </div>
        {item(tabs[2]!)}
        {item(tabs[3]!)}
      </div>
    </nav>
  )
}
