import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import type { OwnUser } from '../../lib/users'
import { Tooltip } from '../ui/Tooltip'
import { BookmarkIcon, ChartIcon, CompassIcon, TrophyIcon, UsersIcon } from '../ui/icons'
import { HeaderSearch } from '../catalog/HeaderSearch'
import { NotificationBell } from '../notifications/NotificationBell'
import { Logo } from './Logo'
import { UserMenu } from './UserMenu'

interface NavItem {
  to: string
  label: string
  icon: ReactNode
  isActive: (pathname: string, tab: string | null) => boolean
}

const navItems: NavItem[] = [
  {
    to: '/search',
    label: 'Explore',
    icon: <CompassIcon />,
    isActive: (p) => p.startsWith('/search') || p.startsWith('/movie/') || p.startsWith('/tv/'),
  },
  { to: '/lists', label: 'Lists', icon: <BookmarkIcon />, isActive: (p) => p.startsWith('/list') },
  { to: '/challenges', label: 'Challenges', icon: <TrophyIcon />, isActive: (p) => p.startsWith('/challenges') },
  {
    to: '/friends?tab=discover',
    label: 'Friends',
    icon: <UsersIcon />,
    isActive: (p, tab) => p.startsWith('/friends') && tab !== 'leaderboards',
  },
  {
    to: '/friends?tab=leaderboards',
    label: 'Leaderboards',
    icon: <ChartIcon />,
    isActive: (p, tab) => p.startsWith('/friends') && tab === 'leaderboards',
  },
]

/** Header: logo, the desktop icon links, the notification bell and the avatar menu (SPEC §2). */
export function Header({ user }: { user: OwnUser }) {
  const { pathname, search } = useLocation()
  const tab = new URLSearchParams(search).get('tab')
  return (
    <header className="sticky top-0 z-40 border-b border-base-300/70 bg-base-100/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <HeaderSearch signedIn={Boolean(user)} className="hidden max-w-md flex-1 md:block" />
        <div className="flex items-center gap-1">
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {navItems.map((item) => {
              const active = item.isActive(pathname, tab)
              return (
                <Tooltip key={item.label} label={item.label}>
                  <Link
                    to={item.to}
                    aria-label={item.label}
                    aria-current={active ? 'page' : undefined}
                    className={`btn btn-ghost btn-square ${active ? 'bg-primary/10 text-primary' : 'text-base-content/70'}`}
                  >
                    {item.icon}
                  </Link>
                </Tooltip>
              )
            })}
          </nav>
          <NotificationBell />
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  )
}
