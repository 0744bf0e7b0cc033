import type { QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import { gifUrl, type GifPage, type GifRequest } from '../lib/gifPicker'

/**
 * gifKeys: generic → specific; the featured list and each search are cached briefly so
 * reopening the picker or retyping a word does not ask the server again.
 */
export const gifKeys = {
  all: ['/api/gifs'] as const,
  page: (request: GifRequest) =>
    request.mode === 'search' ? ([...gifKeys.all, 'search', { q: request.q }] as const) : ([...gifKeys.all, 'featured'] as const),
}

const GIF_STALE_MS = 5 * 60 * 1000

/**
 * fetchGifPage: GET /api/gifs/featured or /api/gifs/search?q= through our server (DESIGN:
 * no key reaches the browser), through the query cache.
 */
export function fetchGifPage(client: QueryClient, request: GifRequest): Promise<GifPage> {
  return client.fetchQuery({
    queryKey: gifKeys.page(request),
    queryFn: () => apiRequest<GifPage>('GET', gifUrl(request)),
    staleTime: GIF_STALE_MS,
    retry: false,
  })
}
