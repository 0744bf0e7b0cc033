import { make } from './iconBase'

// The app's icons; the first page's and the landing's live in iconBase.tsx and landingIcons.tsx
// (loaded apart, first-load JavaScript budgets) and are re-exported here.
export { AlertIcon, RefreshIcon, XIcon } from './iconBase'
export {
  ArrowRightIcon,
  ChartIcon,
  ChevronDownIcon,
  ClockIcon,
  FilmIcon,
  HeartIcon,
  MessageIcon,
  StarIcon,
  TrophyIcon,
  UsersIcon,
} from './landingIcons'

export const HomeIcon = make(
  'HomeIcon',
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h14V9.5" />
    <path d="M10 21v-6h4v6" />
  </>,
)
export const CompassIcon = make(
  'CompassIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m16.24 7.76-2.12 6.36-6.36 2.12 2.12-6.36z" />
  </>,
)
export const PlusIcon = make('PlusIcon', <path d="M12 5v14M5 12h14" />)
export const UserIcon = make(
  'UserIcon',
  <>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </>,
)
export const LogOutIcon = make(
  'LogOutIcon',
  <>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
    <path d="m16 17 5-5-5-5" />
    <path d="M21 12H9" />
  </>,
)
export const KeyIcon = make(
  'KeyIcon',
  <>
    <circle cx="7.5" cy="15.5" r="5.5" />
    <path d="m21 2-9.6 9.6" />
    <path d="m15.5 7.5 3 3L22 7l-3-3" />
  </>,
)
export const SunIcon = make(
  'SunIcon',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
  </>,
)
export const MoonIcon = make('MoonIcon', <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />)
export const MonitorIcon = make(
  'MonitorIcon',
  <>
    <rect width="20" height="14" x="2" y="3" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </>,
)
export const TvIcon = make(
  'TvIcon',
  <>
    <rect width="20" height="15" x="2" y="7" rx="2" />
    <path d="m17 2-5 5-5-5" />
  </>,
)
export const SearchIcon = make(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
)
export const CheckIcon = make('CheckIcon', <path d="M20 6 9 17l-5-5" />)
export const BookmarkIcon = make('BookmarkIcon', <path d="m19 21-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v16z" />)
export const MailIcon = make(
  'MailIcon',
  <>
    <rect width="20" height="16" x="2" y="4" rx="2" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
  </>,
)
export const ArrowLeftIcon = make('ArrowLeftIcon', <path d="M19 12H5M12 19l-7-7 7-7" />)
export const SparklesIcon = make(
  'SparklesIcon',
  <>
    <path d="M9.94 15.5A2 2 0 0 0 8.5 14.06l-6.14-1.58a.5.5 0 0 1 0-.96L8.5 9.94A2 2 0 0 0 9.94 8.5l1.58-6.14a.5.5 0 0 1 .96 0L14.06 8.5A2 2 0 0 0 15.5 9.94l6.14 1.58a.5.5 0 0 1 0 .96L15.5 14.06a2 2 0 0 0-1.44 1.44l-1.58 6.14a.5.5 0 0 1-.96 0z" />
    <path d="M20 3v4M22 5h-4" />
  </>,
)
export const TrashIcon = make(
  'TrashIcon',
  <>
    <path d="M3 6h18" />
    <path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" />
    <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
  </>,
)
export const PlayIcon = make('PlayIcon', <path d="M6 3.5v17l14-8.5z" />)
export const EyeIcon = make(
  'EyeIcon',
  <>
    <path d="M2.06 12.35a1 1 0 0 1 0-.7 10.75 10.75 0 0 1 19.88 0 1 1 0 0 1 0 .7 10.75 10.75 0 0 1-19.88 0" />
    <circle cx="12" cy="12" r="3" />
  </>,
)
export const DownloadIcon = make(
  'DownloadIcon',
  <>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="m7 10 5 5 5-5" />
    <path d="M12 15V3" />
  </>,
)
export const WrenchIcon = make(
  'WrenchIcon',
  <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z" />,
)
export const CalendarIcon = make(
  'CalendarIcon',
  <>
    <rect width="18" height="18" x="3" y="4" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </>,
)
export const RepeatIcon = make(
  'RepeatIcon',
  <path d="m17 2 4 4-4 4M3 11v-1a4 4 0 0 1 4-4h14M7 22l-4-4 4-4M21 13v1a4 4 0 0 1-4 4H3" />,
)
