import { PageHeader } from '@/components/ui/page-header';
import { TimezonePlanner } from '@/features/timezones/components/timezone-planner';

/** /timezones (spec pages §2 Time-zone planner), opened from the header clock. */
export function TimezonesRoute() {
  return (
    <div className="page">
      <PageHeader title="Time Zones" description="Find a meeting time that works across the team's time zones." />
      <TimezonePlanner />
    </div>
  );
}
