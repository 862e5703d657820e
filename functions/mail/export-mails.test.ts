import { describe, expect, it } from 'vitest';
import { exportReadyMail } from './export-mails.js';

describe('exportReadyMail', () => {
  it('tells what is ready and links the app page, not a file', () => {
    const mail = exportReadyMail({ to: 'ada@example.com', what: 'the workspace "Acme"', pagePath: '/workspaces/settings' });
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Your TaskFlow export is ready');
    expect(mail.text).toContain('Your export of the workspace "Acme" is ready.');
    expect(mail.text).toContain('within 7 days');
    expect(mail.text).not.toMatch(/exports\//);
  });
});
