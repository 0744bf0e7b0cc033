import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { API_HEADERS, apiRequest, throwIfResNotOk } from '../lib/api'
import { IMPORT_POLL_MS, isImportActive, type Import, type ImportSource } from '../lib/portability'
import { invalidateAfterDiaryChange } from './diary'

/**
 * portabilityKeys: generic → specific, each key being the path the default fetcher GETs:
 * ['/api/imports'] lists the latest 20, ['/api/imports', id] is one import.
 */
export const portabilityKeys = {
  imports: ['/api/imports'] as const,
  import: (id: string) => [...portabilityKeys.imports, id] as const,
}

/** EXPORT_URL: the ZIP of everything (GET, same origin, so the session cookie goes along). */
export const EXPORT_URL = '/api/export'

/** importsQuery: the member's latest 20 imports, newest first. */
export const importsQuery = () => queryOptions<Import[]>({ queryKey: portabilityKeys.imports })

/** importQuery: one import, polled every second while it is queued or running. */
export const importQuery = (id: string) =>
  queryOptions<Import>({
    queryKey: portabilityKeys.import(id),
    refetchInterval: (query) => (isImportActive(query.state.data?.status) ? IMPORT_POLL_MS : false),
  })

/**
 * useStartImport uploads an export (multipart, field "file") to POST /api/import/{source};
 * the answer is the queued import, seeded into its cache entry so polling starts from it.
 */
export function useStartImport() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async ({ source, file }: { source: ImportSource; file: File }) => {
      const form = new FormData()
      form.append('file', file)
      const res = await fetch(`/api/import/${source}`, {
        method: 'POST',
        credentials: 'include',
        headers: { ...API_HEADERS },
        body: form,
      })
      await throwIfResNotOk(res)
      return (await res.json()) as Import
    },
    onSuccess: (imp) => qc.setQueryData(portabilityKeys.import(imp.id), imp),
    onSettled: () => qc.invalidateQueries({ queryKey: portabilityKeys.imports, exact: true }),
  })
}

/** useMatchItem matches an unmatched item by hand to a catalog title; it leaves the list. */
export function useMatchItem(importId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (vars: { index: number; tmdbId: number }) =>
      apiRequest<Import>('POST', `/api/imports/${importId}/match`, vars),
    onSuccess: (imp) => qc.setQueryData(portabilityKeys.import(importId), imp),
    onSettled: () => invalidateAfterImport(qc),
  })
}

/**
 * invalidateAfterImport refreshes what an import changed: the imports list and what any
 * diary change refreshes (the member's entries, stats, profile and diary among them).
 */
export function invalidateAfterImport(qc: QueryClient) {
  return Promise.all([qc.invalidateQueries({ queryKey: portabilityKeys.imports }), invalidateAfterDiaryChange(qc)])
}
