import { Link } from 'react-router-dom';
import { ClockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useNow } from '@/hooks/use-now';
import { formatClockTime, zoneCity } from '@/lib/clock';
import { useClockZones } from '@/lib/profile';

/** Two clocks updated every second: the primary zone (the browser's) and the secondary one (New York). */
export function HeaderClock() {
  const now = useNow(1000);
  const zones = useClockZones();

  return (
    <Link to={paths.app.timezones.getHref()} className="header-clock" title="Open the time zone planner">
      <ClockIcon />
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
    </Link>
  );
}
