import { describe, expect, it } from 'vitest'
import { clearCaches, type CacheScope } from './caches'

/** A Cache Storage holding `names`, recording what is deleted. */
function storage(names: string[]) {
  const deleted: string[] = []
  const store = {
    keys: () => Promise.resolve([...names]),
    delete: (name: string) => Promise.resolve(deleted.push(name) > 0),
  } as unknown as CacheStorage
  return { store, deleted }
}

const names = ['cinecircle-api', 'auth-tokens', 'cinecircle-posters', 'workbox-precache-v2-https://example.test/']

describe('clearCaches (SPEC §4: auth and api caches on a new worker and sign-out; all for a fresh start)', () => {
  it.each<[CacheScope, string[]]>([
    ['volatile', ['cinecircle-api', 'auth-tokens']],
    ['all', names],
  ])('%s deletes %j', async (scope, expected) => {
    const { store, deleted } = storage(names)
    await clearCaches(scope, store)
    expect(deleted).toEqual(expected)
  })

  it('does nothing without a Cache Storage', async () => {
    await expect(clearCaches('all', undefined)).resolves.toBeUndefined()
  })

  it('rejects when the caches cannot be listed, so a caller can say so', async () => {
    const broken = { keys: () => Promise.reject(new Error('SecurityError')) } as unknown as CacheStorage
    await expect(clearCaches('all', broken)).rejects.toThrow('SecurityError')
  })
})
