import type { ReactNode } from 'react'
import { isUnauthorized } from '../../lib/api'
import { serverMessage } from '../../lib/apiErrors'
import { code, type Ep, type MarkBody, type MarkResult } from '../../lib/tv'
import { toast } from '../../lib/toast'
import { useMarkEpisodes, useUnmarkEpisode } from '../../queries/tv'
import { useFinishPrompt } from './useFinishPrompt'

/** What a tracking control can do with one show's episodes. */
export interface Tracking {
  mark: (body: MarkBody) => Promise<MarkResult | null>
  unmark: (e: Ep) => Promise<MarkResult | null>
  pending: boolean
  /** The Rate dialog offered when a mark finishes the show (render it). */
  dialog: ReactNode
}

/**
 * useTracking: mark and unmark episodes of one show, optimistically (queries/tv), with a
 * toast that says what failed and the Rate dialog when the show is finished.
 */
export function useTracking(show: { id: number; name: string }): Tracking {
  const markMutation = useMarkEpisodes(show.id)
  const unmarkMutation = useUnmarkEpisode(show.id)
  const finish = useFinishPrompt()
  const failed = (err: unknown, what: string) => {
    if (isUnauthorized(err)) {
      toast({ title: 'Session expired', description: 'Please log in again', variant: 'destructive' })
      return
    }
    toast({ title: 'Error', description: serverMessage(err, `Failed to ${what}. Please try again.`), variant: 'destructive' })
  }
  return {
    pending: markMutation.isPending || unmarkMutation.isPending,
    dialog: finish.dialog,
    mark: async (body) => {
      try {
        const result = await markMutation.mutateAsync(body)
        if (result.finished) finish.offer(show)
        return result
      } catch (err) {
        failed(err, 'mark the episodes watched')
        return null
      }
    },
    unmark: async (e) => {
      try {
        return await unmarkMutation.mutateAsync(e)
      } catch (err) {
        failed(err, `unmark ${code(e)}`)
        return null
      }
    },
  }
}
