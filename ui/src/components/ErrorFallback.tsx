import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useRouteError } from 'react-router'
import { messageOf } from '../lib/api'
import { AlertIcon, RefreshIcon } from './ui/iconBase'

/** ErrorFallback is the full-page screen for an unexpected rendering error (SPEC §2). */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-base-200 p-6">
      <div role="alert" className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body items-center text-center">
          <div className="mb-2 grid size-14 place-items-center rounded-full bg-error/10 text-error">
            <AlertIcon className="size-7" />
          </div>
          <h1 className="card-title text-2xl">Something went wrong</h1>
          <p className="break-words text-base-content/70">{messageOf(error) || 'An unexpected error occurred'}</p>
          <div className="card-actions mt-4">
            <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
              <RefreshIcon className="size-4" />
              Reload Page
            </button>
          </div>
        </div>
      </div>
    </main>
  )
}

/** RouteErrorFallback: the router's errorElement. */
export function RouteErrorFallback() {
  return <ErrorFallback error={useRouteError()} />
}

/** AppErrorBoundary catches what happens outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('An unexpected error occurred') }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected rendering error', error, info.componentStack)
  }

  render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children
  }
}
