import { PageHeader } from '../ui/PageHeader'
import { SessionsCard } from './SessionsCard'
import { TwoFactorCard } from './TwoFactorCard'

/** SecuritySection (/settings/security): two-factor sign-in and (below) signed-in devices. */
export default function SecuritySection() {
  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title="Security">How you sign in, and where you are signed in.</PageHeader>
      <TwoFactorCard />
      <SessionsCard />
    </div>
  )
}
