// Where the app sends people: sign-in return paths and the mobile bar's active tab.

/**
 * safeNext keeps a ?next= value only when it is a path on this site (not another host,
 * not an /api route that would leave the app), else the home page.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  if (next === '/api' || next.startsWith('/api/') || next.startsWith('/login')) return '/'
  return next
}

/** loginPath is where a visitor opening a private page goes, carrying that page along. */
export function loginPath(pathname: string, search = '', hash = ''): string {
  const target = `${pathname}${search}${hash}`
  return target && target !== '/' ? `/login?next=${encodeURIComponent(target)}` : '/login'
}

export type BottomTab = 'home' | 'explore' | 'friends' | 'profile'

/** activeTab: which bottom-bar tab a path belongs to (Explore also owns /movie and /tv). */
export function activeTab(pathname: string): BottomTab | null {
  const first = pathname.split('/')[1] ?? ''
  switch (first) {
    case '':
      return 'home'
    case 'search':
    case 'movie':
    case 'tv':
      return 'explore'
    case 'friends':
      return 'friends'
    case 'profile':
      return 'profile'
    default:
      return null
  }
}
