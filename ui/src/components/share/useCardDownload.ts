import { useRef, useState } from 'react'
import { downloadFailedToast, reasonOf } from '../../lib/share'
import { toast } from '../../lib/toast'
import { captureCard } from './capture'

/**
 * useCardDownload: what a share-image dialog does on 'Download Image': capture the card
 * behind captureRef as a PNG, save it as fileName and say so in a toast (or say why it
 * failed). busy is true while the image is being made.
 */
export function useCardDownload(fileName: string) {
  const captureRef = useRef<HTMLDivElement>(null)
  const [busy, setBusy] = useState(false)
  const download = async () => {
    const node = captureRef.current
    if (!node || busy) return
    setBusy(true)
    try {
      const url = await captureCard(node)
      const a = document.createElement('a')
      a.href = url
      a.download = fileName
      document.body.appendChild(a)
      a.click()
      a.remove()
      toast({ title: 'Image saved', description: `${fileName} is in your downloads.` })
    } catch (error) {
      toast({ ...downloadFailedToast(reasonOf(error)), variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }
  return { captureRef, busy, download }
}
