import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { INVITE_FAILED, SEND_INVITATION_FAILED, inviteErrorMessage, inviterName } from './invitations';

describe('inviterName', () => {
  it('is the display name, else the e-mail prefix, else Someone', () => {
    expect(inviterName({ displayName: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(inviterName({ displayName: '  ', email: 'ada@example.com' })).toBe('ada');
    expect(inviterName({ email: 'ada@example.com' })).toBe('ada');
    expect(inviterName({ displayName: null, email: '@example.com' })).toBe('Someone');
    expect(inviterName({})).toBe('Someone');
  });
});

describe('inviteErrorMessage', () => {
  it("shows the call's error text", () => {
    expect(inviteErrorMessage(new ApiError(429, 'Too many invitations from this workspace; try again later'))).toBe(
      'Too many invitations from this workspace; try again later',
    );
    expect(inviteErrorMessage(new ApiError(0, 'The server could not be reached'))).toBe('The server could not be reached');
  });

  it('says when to try again after the invitation limit', () => {
    expect(inviteErrorMessage(new ApiError(429, 'You can send at most 20 invitations per hour.', [], true, 1500))).toBe(
      'You can send at most 20 invitations per hour. Try again in 25 minutes.',
    );
  });

  it("says 'Failed to send invitation' when the server answered without text", () => {
    expect(inviteErrorMessage(new ApiError(502, 'Request failed with status 502', [], false))).toBe(SEND_INVITATION_FAILED);
  });

  it("falls back to 'Failed to invite member' for an error without a message", () => {
    expect(inviteErrorMessage(new Error(''))).toBe(INVITE_FAILED);
    expect(inviteErrorMessage('nope')).toBe(INVITE_FAILED);
  });
});
