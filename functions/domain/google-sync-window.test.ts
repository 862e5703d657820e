import { describe, expect, it } from 'vitest';
import { eventsToRead, syncWindow } from './google-sync-window.js';

describe('the Google Calendar sync window', () => {
  const monday = new Date('2030-01-07T08:00:00Z');

  it('reaches from 30 days back to 90 days ahead of the UTC day', () => {
    expect(syncWindow(monday)).toEqual({ timeMin: '2029-12-08T00:00:00Z', timeMax: '2030-04-07T00:00:00Z' });
    // Late in the evening west of UTC it is already the next UTC day.
    expect(syncWindow(new Date('2030-01-07T23:59:59Z')).timeMax).toBe('2030-04-07T00:00:00Z');
  });

  it('carries on from the sync token while the window read in full still reaches 90 days ahead', () => {
    const read = { syncToken: 'token', syncWindowEnd: syncWindow(monday).timeMax };
    expect(eventsToRead(read, monday)).toEqual({ syncToken: 'token' });
    expect(eventsToRead(read, new Date('2030-01-07T23:00:00Z'))).toEqual({ syncToken: 'token' });
  });

  it('reads the window in full again once today + 90 days is past it, or without a token or a known window', () => {
    const read = { syncToken: 'token', syncWindowEnd: syncWindow(monday).timeMax };
    const tuesday = new Date('2030-01-08T00:00:00Z');
    expect(eventsToRead(read, tuesday)).toEqual({ timeMin: '2029-12-09T00:00:00Z', timeMax: '2030-04-08T00:00:00Z' });
    // Stored before the window was kept with the token: read in full once.
    expect(eventsToRead({ syncToken: 'token', syncWindowEnd: null }, monday)).toEqual(syncWindow(monday));
    expect(eventsToRead({ syncToken: null, syncWindowEnd: read.syncWindowEnd }, monday)).toEqual(syncWindow(monday));
  });
});
