import { queryOptions } from '@tanstack/react-query'
import type { User } from '../lib/users'

export const userKeys = {
  all: ['/api/users'] as const,
  detail: (id: string) => [...userKeys.all, id] as const,
}

/** userQuery: another member's public profile, GET /api/users/{id}. */
export const userQuery = (id: string) => queryOptions<User>({ queryKey: userKeys.detail(id) })
