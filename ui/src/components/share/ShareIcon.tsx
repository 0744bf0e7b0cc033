import { make } from '../ui/iconBase'

/** ShareIcon: three linked dots, in the app's stroke icon style. */
export const ShareIcon = make(
  'ShareIcon',
  <>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.59 13.51 6.83 3.98M15.41 6.51l-6.82 3.98" />
  </>,
)
