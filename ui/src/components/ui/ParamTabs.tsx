import { useRef, type KeyboardEvent } from 'react'
import { useSearchParams } from 'react-router'

export interface TabDef {
  value: string
  label: string
}

/** useTabParam reads a tab from the query string, falling back to the first tab. */
export function useTabParam(param: string, tabs: readonly TabDef[]) {
  const [params] = useSearchParams()
  const raw = params.get(param)
  return tabs.some((t) => t.value === raw) ? (raw as string) : (tabs[0]?.value ?? '')
}

/**
 * ParamTabs: a tab list whose selection lives in the query string (?tab=…), so tabs can
 * be linked to. Arrow keys move between tabs (roving focus).
 */
export function ParamTabs({ param = 'tab', tabs, label }: { param?: string; tabs: readonly TabDef[]; label: string }) {
  const [, setParams] = useSearchParams()
  const current = useTabParam(param, tabs)
  const listRef = useRef<HTMLDivElement>(null)

  const select = (value: string) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p)
        q.set(param, value)
        return q
      },
      { replace: true },
    )

  const onKeyDown = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.value === current)
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!delta) return
    e.preventDefault()
    const next = tabs[(i + delta + tabs.length) % tabs.length]
    if (!next) return
    select(next.value)
    listRef.current?.querySelector<HTMLElement>(`[data-value="${next.value}"]`)?.focus()
  }

  return (
    <div ref={listRef} role="tablist" aria-label={label} className="tabs tabs-box mb-5 w-fit" onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          data-value={t.value}
          aria-selected={current === t.value}
          tabIndex={current === t.value ? 0 : -1}
          className={`tab ${current === t.value ? 'tab-active' : ''}`}
          onClick={() => select(t.value)}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}
