import { useId, type MouseEvent } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { clearCaches } from '../../lib/caches'

/** LogoMark: the CineCircle ring with a play button inside. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  const gradient = useId()
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-primary)" />
          <stop offset="1" stopColor="var(--color-secondary)" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="13" fill="none" stroke={`url(#${gradient})`} strokeWidth="4" />
      <circle cx="16" cy="3" r="1.6" fill="var(--color-base-100)" />
      <circle cx="29" cy="16" r="1.6" fill="var(--color-base-100)" />
      <circle cx="16" cy="29" r="1.6" fill="var(--color-base-100)" />
      <circle cx="3" cy="16" r="1.6" fill="var(--color-base-100)" />
      <path d="M13 10.5v11l9-5.5z" fill="var(--color-primary)" />
    </svg>
  )
}

/** Wordmark: mark plus name. */
export function Wordmark({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 text-xl font-extrabold tracking-tight ${className}`}>
      <LogoMark />
      <span>
        Cine<span className="text-primary">Circle</span>
      </span>
    </span>
  )
}

/**
 * Logo: on the home page it clears the browser's caches and reloads (a fresh start for
 * the installed app; offline it only scrolls to the top); anywhere else it goes home and
 * scrolls to the top (SPEC §2).
 */
export function Logo() {
  const { pathname } = useLocation()
  const navigate = useNavigate()

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return
    e.preventDefault()
    // Offline, clearing would throw away the copy the app opens from: just go to the top.
    if (pathname === '/' && navigator.onLine) {
      // A cache that cannot be listed or deleted must not stop the reload.
      void clearCaches('all')
        .catch(() => {})
        .then(() => window.location.reload())
      return
    }
    void navigate('/')
    window.scrollTo({ top: 0 })
  }

  return (
    <a href="/" onClick={onClick} className="inline-flex items-center rounded-field focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary" aria-label="CineCircle home">
      <Wordmark />
    </a>
  )
}
