// The member's own choices (GET/PATCH /api/user/settings) and profile photo (POST and
// DELETE /api/user/avatar). Later issues add settings fields to Settings; the photo's
// answer is the member (authKeys.user), so every avatar shown refreshes from it.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { API_HEADERS, apiRequest, getQueryFn, throwIfResNotOk } from '../lib/api'
import type { OwnUser } from '../lib/users'
import { authKeys } from './auth'

/** Settings: the member's choices, as GET /api/user/settings answers them. */
export interface Settings {
  bio: string
  website: string
  /** Visitors (signed out) may see the profile, reviews, diary and year at /u/{handle}. */
  public: boolean
  handle: string
  /** Offered while the member has no handle (from their nickname). */
  handleSuggestion?: string
  /** Found and followed from the fediverse (needs public; counts while the community has federation on). */
  federated: boolean
  /** Follows from the fediverse wait for the member's answer instead of being accepted at once. */
  approveFollowers: boolean
}

/** settingsKeys: ['/api/user/settings'] → GET /api/user/settings. */
export const settingsKeys = {
  all: ['/api/user/settings'] as const,
}

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: getQueryFn<Settings>({ on401: 'throw' }) as () => Promise<Settings> })

/**
 * invalidateMember marks everything cached stale (refetching what is on screen): the
 * member's photo and words show in the feed, comments, notifications, friends lists and
 * profiles, each under its own module's keys, and a photo changes rarely.
 */
async function invalidateMember(queryClient: ReturnType<typeof useQueryClient>) {
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] })
}

/** useSaveSettings sends only the fields given (absent ones keep their value). */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Partial<Settings>) => apiRequest<Settings>('PATCH', '/api/user/settings', body),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKeys.all, settings)
      await invalidateMember(queryClient)
    },
  })
}

/** useUploadPhoto sends the cropped photo (multipart, field avatar); the answer is the member. */
export function useUploadPhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (photo: Blob) => {
      const form = new FormData()
      form.append('avatar', photo, 'avatar.jpg')
      const res = await fetch('/api/user/avatar', { method: 'POST', credentials: 'include', headers: { ...API_HEADERS }, body: form })
      await throwIfResNotOk(res)
      return (await res.json()) as OwnUser
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(authKeys.user(), user)
      await invalidateMember(queryClient)
    },
  })
}

/** useRemovePhoto returns to the generated avatar. */
export function useRemovePhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<OwnUser>('DELETE', '/api/user/avatar'),
    onSuccess: async (user) => {
      queryClient.setQueryData(authKeys.user(), user)
      await invalidateMember(queryClient)
    },
  })
}
