import type { ReactNode, SVGProps } from 'react'

// A small stroke icon set (24×24, 2 px strokes) drawn inline so no icon font or CDN is needed.
// The set is split by who loads it (first-load JavaScript budgets): iconBase holds make()
// and the icons of the first page's own code (error screen, toaster, offline banner),
// landingIcons the landing's, icons.tsx the rest and re-exports the other two.
type IconProps = SVGProps<SVGSVGElement>

/** make draws one icon of the set: its name (for React devtools) and its strokes. */
export function make(name: string, children: ReactNode) {
  function Icon({ className = 'size-5', ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        {...props}
      >
        {children}
      </svg>
    )
  }
  Icon.displayName = name
  return Icon
}

export const XIcon = make('XIcon', <path d="M18 6 6 18M6 6l12 12" />)
export const AlertIcon = make(
  'AlertIcon',
  <>
    <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
    <path d="M12 9v4M12 17h.01" />
  </>,
)
export const RefreshIcon = make(
  'RefreshIcon',
  <>
    <path d="M3 12a9 9 0 0 1 15-6.7L21 8" />
    <path d="M21 3v5h-5" />
    <path d="M21 12a9 9 0 0 1-15 6.7L3 16" />
    <path d="M8 16H3v5" />
  </>,
)
export const WifiOffIcon = make(
  'WifiOffIcon',
  <>
    <path d="M12 20h.01" />
    <path d="M8.5 16.4a5 5 0 0 1 7 0" />
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6" />
    <path d="M22 8.8a15 15 0 0 0-11.3-3.8" />
    <path d="M5 12.9a10 10 0 0 1 5.2-2.7" />
    <path d="M19 12.9a10 10 0 0 0-2.2-1.5" />
    <path d="m2 2 20 20" />
  </>,
)
