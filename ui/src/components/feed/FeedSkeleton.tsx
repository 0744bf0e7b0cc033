/** FeedSkeleton: placeholder cards while the feed loads (SPEC §2). */
export function FeedSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="grid gap-5" aria-busy="true">
      <span className="sr-only">Loading feed</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card border border-base-300/70 bg-base-100 p-4 shadow-sm">
          <div className="flex items-center gap-3">
            <div className="skeleton size-9 shrink-0 rounded-full" />
            <div className="grid flex-1 gap-2">
              <div className="skeleton h-3.5 w-2/5" />
              <div className="skeleton h-3 w-1/5" />
            </div>
          </div>
          <div className="mt-4 flex gap-4">
            <div className="skeleton aspect-[2/3] w-20 shrink-0 sm:w-24" />
            <div className="grid flex-1 content-start gap-2">
              <div className="skeleton h-5 w-3/5" />
              <div className="skeleton h-3 w-1/4" />
              <div className="skeleton mt-2 h-3 w-full" />
              <div className="skeleton h-3 w-4/5" />
            </div>
          </div>
        </div>
      ))}
    </div>
  )
}
