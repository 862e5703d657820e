import { describe, expect, it } from 'vitest';
import { createLinkInput, normalizeLinkUrl } from './link.js';

describe('normalizeLinkUrl', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['  www.example.com/a b', null],
    ['http://example.com/path?q=1#top', 'http://example.com/path?q=1#top'],
    ['HTTPS://Example.com', 'https://example.com/'],
    ['localhost:3000/x', 'https://localhost:3000/x'],
    ['sub.domain.co.uk', 'https://sub.domain.co.uk/'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,hi', null],
    ['mailto:someone@example.com', null],
    ['ftp://example.com', null],
    ['hello', null],
    ['', null],
    ['https://', null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeLinkUrl(raw)).toBe(expected);
  });
});

describe('createLinkInput', () => {
  it('stores the normalized url and empty optional text as null', () => {
    expect(createLinkInput.parse({ url: 'example.com', category: 'Others', title: '  ', description: ' About ' })).toEqual({
      url: 'https://example.com/',
      category: 'Others',
      title: null,
      description: 'About',
    });
  });

  it("names the url field with the spec's message when it is not a url", () => {
    const result = createLinkInput.safeParse({ url: 'hello', category: 'Others' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['url', 'Please enter a valid URL or domain name']]);
  });
});
