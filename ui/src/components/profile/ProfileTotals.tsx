import { hoursLabel, type Profile } from '../../lib/diary'

const number = new Intl.NumberFormat('en-US')

/** ProfileTotals: a member's all-time numbers: movies, shows, episodes, reviews, hours. */
export function ProfileTotals({ totals }: { totals: Profile['totals'] }) {
  const items = [
    { label: 'Movies', value: number.format(totals.movies) },
    { label: 'TV Shows', value: number.format(totals.shows) },
    { label: 'Episodes', value: number.format(totals.episodes) },
    { label: 'Reviews', value: number.format(totals.reviews) },
    { label: 'Hours', value: hoursLabel(totals.hours) },
  ]
  return (
    <section aria-label="Totals">
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5 sm:gap-3">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse rounded-box border border-base-300/70 bg-base-100 px-3 py-3 text-center shadow-sm">
            <dt className="text-xs font-medium text-base-content/60">{item.label}</dt>
            <dd className="text-xl font-bold tabular-nums sm:text-2xl">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
