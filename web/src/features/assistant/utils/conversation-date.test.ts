import { describe, expect, it } from 'vitest';
import { conversationDateLabel } from './conversation-date';

const now = new Date('2026-11-23T10:00:00Z');

describe('conversationDateLabel', () => {
  it.each([
    ['2026-11-23T09:59:00Z', 'Today'],
    ['2026-11-22T23:59:00Z', 'Yesterday'],
    ['2026-11-21T00:01:00Z', '2 days ago'],
    ['2026-11-16T12:00:00Z', '7 days ago'],
  ])('labels %s as %s', (updatedAt, label) => {
    expect(conversationDateLabel(updatedAt, now, 'UTC')).toBe(label);
  });

  it('shows the date beyond a week', () => {
    expect(conversationDateLabel('2026-11-15T12:00:00Z', now, 'UTC', 'en-US')).toBe('Nov 15, 2026');
  });

  it('counts the days of the user’s time zone, not UTC', () => {
    // 01:00 UTC on the 23rd is still the 22nd in New York, where it is now 05:00 on the 23rd.
    expect(conversationDateLabel('2026-11-23T01:00:00Z', now, 'America/New_York')).toBe('Yesterday');
    expect(conversationDateLabel('2026-11-23T01:00:00Z', now, 'UTC')).toBe('Today');
  });

  it('says nothing for an unreadable time', () => {
    expect(conversationDateLabel('soon', now, 'UTC')).toBe('');
  });
});
