// The landing page and the member home's skeleton as HTML, rendered at build time
// (vite.config.ts writes them into index.html): the same components the app renders, so
// the pre-rendered pages and the React ones cannot drift apart.
import { renderToStaticMarkup } from 'react-dom/server'
import { Landing } from '../components/landing/Landing'
import { HomeSkeleton } from '../components/layout/HomeSkeleton'

/** renderLanding: the landing's markup for a first paint, before any script runs. */
export function renderLanding(): string {
  return renderToStaticMarkup(<Landing />)
}

/** renderHomeSkeleton: the member home's frame for a first paint, before any script runs. */
export function renderHomeSkeleton(): string {
  return renderToStaticMarkup(<HomeSkeleton />)
}
