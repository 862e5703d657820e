import { describe, expect, it } from 'vitest';
import { noticeDigestMail, noticeLine } from './notice-mails.js';

describe('the lines and mails of mentions and assignments', () => {
  it('say who did what on which task where, with names as plain one-line text', () => {
    expect(noticeLine({ kind: 'assigned', actorName: 'Ana', taskTitle: 'Ship it', projectName: 'Apollo', workspaceName: 'Acme' })).toBe('Ana assigned you “Ship it” — Apollo (Acme)');
    const hostile = noticeLine({ kind: 'mentioned-in-comment', actorName: 'Eve\nClick <a href=x>here</a>', taskTitle: 'T\u202e', projectName: 'P', workspaceName: 'W' });
    expect(hostile).not.toMatch(/[\n<>\u202e]/);
    expect(hostile).toContain('mentioned you in a comment on');
    expect(noticeLine({ kind: 'mentioned-in-comment', actorName: 'Ana', taskTitle: null, projectName: 'Apollo', workspaceName: 'Acme' })).toBe(
      'Ana mentioned you in a comment on Apollo (Acme)',
    );
  });

  it('put the digest in one mail with its unsubscribe link last, names escaped in the HTML', () => {
    const mail = noticeDigestMail('ben@example.com', ['Ana & Co mentioned you in “A”', 'Ana assigned you “B”'], { url: 'https://app.example/unsubscribe?token=v1.u.mentions.s', label: 'Turn off mention and assignment mails' });
    expect(mail.subject).toBe('Your daily digest: 2 mentions and assignments on TaskFlow');
    expect(mail.text).toMatch(/• Ana & Co mentioned you in “A”\n\n• Ana assigned you “B”/);
    expect(mail.text.trim().endsWith('Turn off mention and assignment mails: https://app.example/unsubscribe?token=v1.u.mentions.s')).toBe(true);
    expect(mail.html).toContain('Ana &#38; Co');
    expect(mail.html).toContain('<a href="https://app.example/unsubscribe?token=v1.u.mentions.s">Turn off mention and assignment mails</a>');
  });
});
