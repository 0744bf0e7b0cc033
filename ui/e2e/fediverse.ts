// Helpers the federation e2e files share: a member who joins the fediverse, and a review
// they log (its activity id, which names their Note: /ap/users/{handle}/posts/{id}).
import type { APIRequestContext } from '@playwright/test'
import { expect } from './fixtures'

/** federate makes the member public under handle and has them join the fediverse. */
export async function federate(api: APIRequestContext, handle: string) {
  expect((await api.patch('/api/user/settings', { data: { public: true, handle } })).ok()).toBe(true)
  expect((await api.patch('/api/user/settings', { data: { federated: true } })).ok()).toBe(true)
}

/** logReview logs The Matrix as watched with rating and review, and returns its activity id. */
export async function logReview(api: APIRequestContext, rating: number, review: string): Promise<string> {
  const search = (await (await api.get('/api/movies/search?query=matrix')).json()) as { results: { id: number }[] }
  const logged = await api.post('/api/user/movies', { data: { movieId: search.results[0]?.id, status: 'watched', rating, review } })
  expect(logged.ok()).toBe(true)
  return ((await logged.json()) as { activityId: string }).activityId
}
