/** What other features use of Google Calendar: accounts, events and their days and times. */
export {
  GOOGLE_TEXTS,
  calendarsNotSynced,
  eventDays,
  eventStartTime,
  eventTimeLabel,
  useCreateGoogleEvent,
  useGoogleAccounts,
  useGoogleEvents,
  useShowMeetings,
  useSyncGoogleCalendar,
} from './api/google-calendar';
