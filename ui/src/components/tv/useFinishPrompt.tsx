import { useState, type ReactNode } from 'react'
import { serverMessage } from '../../lib/apiErrors'
import { toast } from '../../lib/toast'
import { useLogEntry } from '../../queries/diary'
import { lazyDialog } from '../ui/lazyDialog'

// The prompt opens after a tracked episode finishes a show: rarely, so its code loads then.
const RateDialog = lazyDialog(() => import('../diary/RateDialog').then((m) => m.RateDialog))

/** The show a finished-show prompt is about. */
export interface FinishedShow {
  id: number
  name: string
}

/**
 * useFinishPrompt: when marking an episode finishes a show that has ended (the server
 * moved it to watched), offer the Rate dialog at once. It returns offer(show) and the
 * dialog to render (null while closed); saving rates the watched show.
 */
export function useFinishPrompt(): { offer: (show: FinishedShow) => void; dialog: ReactNode } {
  const [show, setShow] = useState<FinishedShow | null>(null)
  const log = useLogEntry()
  const save = async ({ rating, review }: { rating: number; review: string }) => {
    if (!show) return
    try {
      await log.mutateAsync({ kind: 'tv', payload: { tvShowId: show.id, status: 'watched', rating, review } })
      toast({ title: 'Rating Saved', description: `Your rating of ${show.name} is saved.` })
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, 'Failed to add rating'), variant: 'destructive' })
      throw err
    }
  }
  return {
    offer: (s) => {
      toast({ title: 'Show finished!', description: `You watched every episode of ${s.name}.` })
      setShow(s)
    },
    dialog: show ? <RateDialog titleName={show.name} initialRating={0} initialReview="" onSave={save} onClose={() => setShow(null)} /> : null,
  }
}
