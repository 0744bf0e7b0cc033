import { NavLink, Outlet } from 'react-router'
import { settingsSections } from '../components/settings/sections'

const item = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-field px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-primary/10 text-primary' : 'text-base-content/75 hover:bg-base-200 hover:text-base-content'
  }`

/**
 * Settings (/settings/*): the section nav (a scrolling row on phones, a column beside
 * the page from md up) and the chosen section. Each section brings its own heading.
 */
export default function Settings() {
  const regular = settingsSections.filter((s) => !s.danger)
  const danger = settingsSections.filter((s) => s.danger)
  return (
    <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-[12rem_1fr]">
      <nav aria-label="Settings sections" className="md:sticky md:top-20 md:self-start">
        <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wide text-base-content/60 md:block">Settings</p>
        <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0">
          {regular.map((s) => (
            <li key={s.path}>
              <NavLink to={`/settings/${s.path}`} className={item}>
                {s.label}
              </NavLink>
            </li>
          ))}
          {danger.map((s) => (
            <li key={s.path} className="md:mt-4 md:border-t md:border-base-300 md:pt-4">
              <NavLink
                to={`/settings/${s.path}`}
                className={({ isActive }) =>
                  `${item({ isActive: false })} ${isActive ? 'bg-error/10 text-error' : 'text-error/80 hover:text-error'}`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  )
}
