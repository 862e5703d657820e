import { formatDate } from '@/lib/format-date';

/** A sample item's date as a <time> in the user's locale. */
export function SampleTime({ date }: { date: Date }) {
  return <time dateTime={date.toISOString()}>{formatDate(date, 'dateTime')}</time>;
}
