// Which caches go, and when (SPEC §4 service worker, startup corruption and full reset;
// §2 the logo): the one rule the service worker (sw.ts, on sign-out), the app (a new
// worker taking over, the logo, the full reset) and index.html's startup recovery share.
// The recovery runs before, or without, the app's code, so vite.config.ts inlines this
// file into it: keep it free of imports (plain functions, as the oldest browser we serve reads them).

/** The caches to clear: 'volatile' holds member answers (auth, api); 'all' is a fresh start. */
export type CacheScope = 'volatile' | 'all'

/**
 * isVolatileCache: a cache of member answers, whose name contains auth or api. It goes when
 * a new service worker takes over (it may hold the old version's answers) and on sign-out.
 */
export function isVolatileCache(name: string): boolean {
  return name.includes('auth') || name.includes('api')
}

/**
 * clearCaches deletes the caches the scope names from the Cache Storage (window's or the
 * service worker's); nothing where there is none. It rejects when a cache cannot be
 * listed or deleted: callers decide whether that stops them.
 */
export async function clearCaches(scope: CacheScope, storage: CacheStorage | undefined = typeof caches === 'undefined' ? undefined : caches): Promise<void> {
  if (!storage) return
  const names = await storage.keys()
  await Promise.all(names.filter((name) => scope === 'all' || isVolatileCache(name)).map((name) => storage.delete(name)))
}
