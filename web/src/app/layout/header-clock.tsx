import { Link } from 'react-router-dom';
import { ClockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useNow } from '@/hooks/use-now';
import { formatClockTime, zoneCity } from '@/lib/clock';
import { useClockZones } from '@/features/settings/api/profile';

/** The primary zone's time (the browser's) and the secondary one's (New York), updated every second. */
export function ClockEntries() {
  const now = useNow(1000);
  const zones = useClockZones();
  return (
    <>
      <span className="header-clock-entry">
        <time className="header-clock-time" dateTime={now.toISOString()}>
          {formatClockTime(now, zones.primary)}
        </time>{' '}
        <span className="header-clock-zone">{zoneCity(zones.primary)}</span>
      </span>
      <span className="header-clock-entry">
        <time className="header-clock-time" dateTime={now.toISOString()}>
          {formatClockTime(now, zones.secondary)}
        </time>{' '}
        <span className="header-clock-zone">{zoneCity(zones.secondary)}</span>
      </span>
    </>
  );
}

/** The header's two clocks, a link to the time zone planner. */
export function HeaderClock() {
  return (
    <Link to={paths.app.timezones.getHref()} className="header-clock header-extra" title="Open the time zone planner">
      <ClockIcon />
      <ClockEntries />
    </Link>
  );
}
