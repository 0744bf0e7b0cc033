import { useEffect } from 'react'

const APP_NAME = 'CineCircle'

/** useDocumentTitle names the browser tab after the page. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME
  }, [title])
}
