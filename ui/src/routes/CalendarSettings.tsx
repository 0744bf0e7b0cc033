import { Link } from 'react-router'
import { CalendarFeedSettings } from '../components/tv/CalendarFeedSettings'
import { PageHeader } from '../components/ui/PageHeader'

/** CalendarSettings (/settings/calendar): the member's calendar subscription. */
export default function CalendarSettings() {
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Calendar Subscription">
        Your TV calendar, in the calendar app you already use.{' '}
        <Link to="/calendar" className="link">
          Back to the calendar
        </Link>
      </PageHeader>
      <CalendarFeedSettings />
    </div>
  )
}
