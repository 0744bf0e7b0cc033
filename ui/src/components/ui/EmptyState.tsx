import type { ReactNode } from 'react'

/** EmptyState: a friendly note where a list or page has nothing to show yet. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode
  title: string
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-12 text-center">
      {icon && <div className="mb-4 grid size-14 place-items-center rounded-full bg-primary/10 text-primary">{icon}</div>}
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <div className="mt-2 max-w-md text-base-content/70">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  )
}
