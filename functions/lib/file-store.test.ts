import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './file-store.js';

describe('the download disposition', () => {
  it('is always an attachment, with an ASCII fallback name and the name itself (RFC 6266)', () => {
    expect(attachmentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachmentDisposition('Café "q".txt')).toBe(`attachment; filename="Caf_ _q_.txt"; filename*=UTF-8''Caf%C3%A9%20%22q%22.txt`);
  });

  it('keeps a name from breaking out of the header value', () => {
    const header = attachmentDisposition(`a"; filename="evil.html`);
    expect(header.startsWith('attachment; filename="a_; filename=_evil.html"; ')).toBe(true);
    expect(header).not.toMatch(/[\r\n]/);
  });
});
