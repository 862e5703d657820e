import { useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { zoneCity } from '@/lib/clock';
import { useClockZones } from '@/features/settings';
import { recommendationFor, recommendationTexts, SLIDER_MAX_MINUTES, SLIDER_STEP_MINUTES, sliderLabel, zonedParts, zonesAt } from '../utils/planner';
import './timezones.css';

const dayNote = (offset: number) => (offset === 0 ? '' : offset > 0 ? ' (next day)' : ' (previous day)');

/**
 * /timezones (spec pages §2 Time-zone planner): a slider over the day in the user's own zone, in 30-minute
 * steps, and the 12 zones' local times at that moment, each Good (working hours) or Early, Late or Night, with a recommendation.
 */
export function TimezonePlanner() {
  const homeZone = useClockZones().primary;
  const [{ date, initial }] = useState(() => {
    const now = zonedParts(new Date(), homeZone);
    return { date: now.date, initial: Math.floor(now.minutes / SLIDER_STEP_MINUTES) * SLIDER_STEP_MINUTES };
  });
  const [minutes, setMinutes] = useState(initial);
  const sliderId = useId();
  const zones = zonesAt(date, minutes, homeZone);
  const good = zones.filter((zone) => zone.suitability === 'Good').length;
  const recommendation = recommendationFor(good);

  return (
    <div className="timezone-planner">
      <Card title="Pick a time">
        <label htmlFor={sliderId} className="timezone-slider-label">
          Meeting time in {zoneCity(homeZone)}: <strong>{sliderLabel(minutes)}</strong>
        </label>
        <input
          id={sliderId}
          type="range"
          className="timezone-slider"
          min={0}
          max={SLIDER_MAX_MINUTES}
          step={SLIDER_STEP_MINUTES}
          value={minutes}
          aria-valuetext={sliderLabel(minutes)}
          onChange={(event) => setMinutes(Number(event.target.value))}
        />
        <p className={`timezone-recommendation is-${recommendation}`} role="status">
          {recommendationTexts[recommendation](good, zones.length)}
        </p>
      </Card>
      <table className="timezone-table">
        <caption className="visually-hidden">Local time in each zone</caption>
        <thead>
          <tr>
            <th scope="col">City</th>
            <th scope="col">Zone</th>
            <th scope="col">Local time</th>
            <th scope="col">Working hours</th>
          </tr>
        </thead>
        <tbody>
          {zones.map((zone) => (
            <tr key={zone.entry.zone}>
              <th scope="row">
                {zone.entry.city}
                <span className="muted timezone-country">{zone.entry.country}</span>
              </th>
              <td className="muted">{zone.entry.name}</td>
              <td className="timezone-time">
                {zone.time}
                {dayNote(zone.dayOffset)}
              </td>
              <td>
                <span className={zone.suitability === 'Good' ? 'badge timezone-good' : 'badge timezone-late'}>{zone.suitability}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
