import { useEffect, useState } from 'react';
import { toCalendarDate } from '@shared/rules/calendar-date';

/**
 * Today's date in this browser (YYYY-MM-DD), renewed just after midnight and whenever the tab is shown
 * again (a sleeping laptop's timer fires late): a page left open overnight moves on to the new day.
 */
export function useToday(): string {
  const [today, setToday] = useState(() => toCalendarDate(new Date()));
  useEffect(() => {
    let timer = 0;
    const renew = () => {
      const now = new Date();
      setToday(toCalendarDate(now));
      window.clearTimeout(timer);
      timer = window.setTimeout(renew, new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime() + 1000);
    };
    renew();
    document.addEventListener('visibilitychange', renew);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', renew);
    };
  }, []);
  return today;
}
