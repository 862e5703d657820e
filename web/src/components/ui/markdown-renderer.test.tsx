import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownRenderer as MarkdownContent } from './markdown-renderer';

const render = (markdown: string) => renderToStaticMarkup(<MarkdownContent>{markdown}</MarkdownContent>);

describe('MarkdownContent', () => {
  it('renders markdown as formatted text', () => {
    const html = render('# Plan\n\n- **bold** item');
    expect(html).toContain('<h1>Plan</h1>');
    expect(html).toContain('<strong>bold</strong>');
  });

  it.each(['https://example.com/a', 'http://example.com', 'mailto:a@example.com', 'xmpp:a@example.com', 'irc://irc.example.com', 'ircs://irc.example.com', '/projects/1', '../notes', '#section'])(
    'keeps the link address %s',
    (url) => {
      expect(render(`[link](${url})`)).toContain(`href="${url}"`);
    },
  );

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox(1)', 'file:///etc/passwd'])(
    'drops the link address %s',
    (url) => {
      const html = render(`[link](${url})`);
      expect(html).toBe('<div class="markdown"><p><span>link</span></p></div>');
    },
  );

  it('drops unsafe image addresses and keeps safe ones', () => {
    expect(render('![x](javascript:alert(1))')).not.toContain('<img');
    expect(render('![x](https://example.com/a.png)')).toContain('src="https://example.com/a.png"');
  });

  it('drops raw HTML instead of rendering it', () => {
    const html = render('Hello <script>alert(1)</script> <img src=x onerror="alert(1)"> world');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror');
    expect(html).toContain('Hello');
  });

  it('opens links in a new tab without an opener', () => {
    expect(render('[a](https://example.com)')).toContain('rel="noopener noreferrer"');
  });
});
