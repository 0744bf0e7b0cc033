import { Navigate, useSearchParams } from 'react-router'
import { AuthLayout } from '../components/auth/AuthLayout'
import { ForgotPasswordForm } from '../components/auth/ForgotPasswordForm'
import { OAuthButtons } from '../components/auth/OAuthButtons'
import { SignInForm } from '../components/auth/SignInForm'
import { SignUpForm } from '../components/auth/SignUpForm'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { safeNext } from '../lib/navigation'
import { useCurrentUser } from '../queries/auth'

type Mode = 'signin' | 'signup' | 'forgot'

const titles: Record<Mode, [string, string]> = {
  signin: ['Welcome back', 'Sign in to see what your friends are watching.'],
  signup: ['Join CineCircle', 'Create your account in under a minute.'],
  forgot: ['Forgot your password?', 'It happens to the best critics.'],
}

/** Login (/login): sign in, sign up, forgotten password, OAuth2. Signed in → ?next or home. */
export default function Login() {
  const { data: user } = useCurrentUser()
  const [params, setParams] = useSearchParams()
  const raw = params.get('mode')
  const mode: Mode = raw === 'signup' || raw === 'forgot' ? raw : 'signin'
  useDocumentTitle(mode === 'signup' ? 'Create account' : mode === 'forgot' ? 'Reset password' : 'Sign in')

  if (user) return <Navigate to={safeNext(params.get('next'))} replace />

  const setMode = (next: Mode) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p)
        if (next === 'signin') q.delete('mode')
        else q.set('mode', next)
        return q
      },
      { replace: true },
    )

  const [title, subtitle] = titles[mode]
  return (
    <AuthLayout>
      <div className="card border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-5 p-6 sm:p-8">
          <div>
            <h1 className="text-2xl font-bold">{title}</h1>
            <p className="mt-1 text-sm text-base-content/70">{subtitle}</p>
          </div>
          {mode !== 'forgot' && (
            <div role="tablist" aria-label="Account" className="tabs tabs-box grid grid-cols-2">
              <button
                type="button"
                role="tab"
                aria-selected={mode === 'signin'}
                className={`tab ${mode === 'signin' ? 'tab-active' : ''}`}
                onClick={() => setMode('signin')}
              >
                Sign in
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={mode === 'signup'}
                className={`tab ${mode === 'signup' ? 'tab-active' : ''}`}
                onClick={() => setMode('signup')}
              >
                Create account
              </button>
            </div>
          )}
          <div role={mode === 'forgot' ? undefined : 'tabpanel'}>
            {mode === 'signin' && <SignInForm onForgot={() => setMode('forgot')} />}
            {mode === 'signup' && <SignUpForm />}
            {mode === 'forgot' && <ForgotPasswordForm onBack={() => setMode('signin')} />}
          </div>
          {mode !== 'forgot' && <OAuthButtons />}
        </div>
      </div>
    </AuthLayout>
  )
}
