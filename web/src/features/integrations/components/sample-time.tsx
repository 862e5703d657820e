import { formatDateTime } from '../utils/format';

/** A sample item's date as a <time> in the user's locale. */
export function SampleTime({ date }: { date: Date }) {
  return <time dateTime={date.toISOString()}>{formatDateTime(date)}</time>;
}
