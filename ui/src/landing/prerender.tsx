// The landing page as HTML, rendered at build time (vite.config.ts writes it into
// index.html): the same component the app renders, so the pre-rendered page and the
// React one cannot drift apart.
import { renderToStaticMarkup } from 'react-dom/server'
import { Landing } from '../components/landing/Landing'

/** renderLanding: the landing's markup for a first paint, before any script runs. */
export function renderLanding(): string {
  return renderToStaticMarkup(<Landing />)
}
