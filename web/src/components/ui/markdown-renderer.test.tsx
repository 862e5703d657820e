import { renderToStaticMarkup } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { isSameOriginImage, MarkdownRenderer as MarkdownContent, REMOTE_IMAGE_TITLE } from './markdown-renderer';

const render = (markdown: string) => renderToStaticMarkup(<MarkdownContent>{markdown}</MarkdownContent>);
const renderPreview = (markdown: string) => renderToStaticMarkup(<MarkdownContent variant="preview">{markdown}</MarkdownContent>);

describe('MarkdownContent', () => {
  it('renders markdown as formatted text', () => {
    const html = render('# Plan\n\n- **bold** item');
    expect(html).toContain('<h3 class="markdown-heading markdown-h1">Plan</h3>');
    expect(html).toContain('<strong>bold</strong>');
  });

  it('starts headings at h3, under the page’s and the dialog’s own, and never at h1', () => {
    const html = render('# One\n\n## Two\n\n### Three\n\n#### Four\n\n###### Six');
    expect(html).not.toMatch(/<h[12][ >]/);
    expect(html).toContain('<h4 class="markdown-heading markdown-h2">Two</h4>');
    expect(html).toContain('<h5 class="markdown-heading markdown-h3">Three</h5>');
    expect(html).toContain('<h6 class="markdown-heading markdown-h4">Four</h6>');
    expect(html).toContain('<h6 class="markdown-heading markdown-h6">Six</h6>');
  });

  it('shows a card preview’s headings as bold lines, not headings', () => {
    expect(renderPreview('# Plan\n\ntext')).toBe('<div class="markdown markdown-preview"><p class="markdown-heading markdown-h1">Plan</p>\n<p>text</p></div>');
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

  it('drops unsafe image addresses', () => {
    const html = render('![x](javascript:alert(1))');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript');
  });

  it('loads images of the app itself', () => {
    expect(render('![Logo](/brand/logo.png)')).toContain('<img src="/brand/logo.png" alt="Logo"/>');
  });

  it.each(['https://tracker.example.com/pixel.gif', 'http://example.com/a.png', '//tracker.example.com/p.gif'])(
    'does not load the remote image %s but links to it, named by its alt text',
    (src) => {
      const html = render(`![Team photo](${src})`);
      expect(html).not.toContain('<img');
      expect(html).toContain('class="markdown-remote-image"');
      expect(html).toContain(`title="${REMOTE_IMAGE_TITLE}"`);
      expect(html).toContain('>Image: Team photo</a>');
    },
  );

  it('tells same-origin image addresses from remote ones', () => {
    expect(isSameOriginImage('/a.png')).toBe(true);
    expect(isSameOriginImage('images/a.png')).toBe(true);
    expect(isSameOriginImage('https://example.com/a.png')).toBe(false);
    expect(isSameOriginImage('//example.com/a.png')).toBe(false);
    expect(isSameOriginImage('/\\example.com/a.png')).toBe(false);
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

  it('renders GFM task lists as boxes named by their items, that cannot be ticked unless the owner allows it', () => {
    const html = render('- [x] Draft\n- [ ] Review');
    expect(html).toContain('class="contains-task-list"');
    expect(html).toMatch(/<input type="checkbox" disabled="" aria-label="Draft" checked=""\/> ?Draft/);
    expect(html).toMatch(/<input type="checkbox" disabled="" aria-label="Review"\/> ?Review/);
  });

  it('ticks a box where the owner allows it, saying where its item starts in the markdown', async () => {
    const ticks: [number, boolean][] = [];
    const markdown = '# Launch\n\n- [x] Draft\n- [ ] Review';
    const { user } = renderWithApp(<MarkdownContent onToggleTask={(offset, checked) => ticks.push([offset, checked])}>{markdown}</MarkdownContent>);
    await user.click(screen.getByRole('checkbox', { name: 'Review' }));
    await user.click(screen.getByRole('checkbox', { name: 'Draft' }));
    expect(ticks).toEqual([
      [markdown.indexOf('- [ ] Review'), true],
      [markdown.indexOf('- [x] Draft'), false],
    ]);
  });

  it('renders GFM tables, each in a box of its own that scrolls', () => {
    const html = render('| Owner | Task |\n| --- | --- |\n| Ana | Ship |');
    expect(html).toContain('<div class="markdown-table" role="region" aria-label="Table" tabindex="0"><table>');
    expect(html).toContain('<th>Owner</th>');
    expect(html).toContain('<td>Ship</td>');
  });

  it('renders GFM strikethrough', () => {
    expect(render('~~dropped~~ kept')).toContain('<del>dropped</del> kept');
  });

  it.each(['http://intranet', 'https://3105797698', 'www.evil.example', 'bob@example.com', '*Bob* [x](javascript:alert(1))'])(
    'shows a mention of a member named %s as that bold name, never as a link or markup',
    (name) => {
      const names: Record<string, string> = { u1: name };
      const html = renderToStaticMarkup(<MarkdownContent mentionName={(id) => names[id]}>{'Hi @[u1] and @[gone], `@[u1]`'}</MarkdownContent>);
      const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(html).toBe(`<div class="markdown"><p>Hi <strong>@${escaped}</strong> and <strong>@A former member</strong>, <code>@[u1]</code></p></div>`);
    },
  );

  it('turns bare addresses into links (GFM autolinks) and keeps the address filter', () => {
    const html = render('See https://example.com/docs and www.example.org');
    expect(html).toContain('<a href="https://example.com/docs" target="_blank" rel="noopener noreferrer">https://example.com/docs</a>');
    expect(html).toContain('href="http://www.example.org"');
    expect(render('<javascript:alert(1)>')).not.toContain('href');
  });

  it("in an assistant's reply, names the whole address of a link whose words differ from it, inside the link", () => {
    const html = renderToStaticMarkup(
      <MarkdownContent variant="reply">{'[your **invoice**](https://evil.example/pay?to=me) and https://docs.example.com/guide'}</MarkdownContent>,
    );
    expect(html).toContain('your <strong>invoice</strong><span class="markdown-link-target"> (https://evil.example/pay?to=me)</span></a>');
    // A bare address already shows itself.
    expect(html).toContain('>https://docs.example.com/guide</a>');
    // Notes show links as written.
    expect(render('[your invoice](https://evil.example/pay)')).not.toContain('evil.example/pay)<');
  });

  it('marks links with the class that lets a long address wrap', () => {
    const long = `https://example.com/${'segment/'.repeat(30)}`;
    expect(renderPreview(long)).toContain(`<span class="markdown-link">${long}</span>`);
  });

  it('in a preview, shows links and remote images as text, not as controls', () => {
    const html = renderPreview('# Plan\n\n[docs](https://example.com) ![Chart](https://example.com/c.png)');
    expect(html).toContain('class="markdown markdown-preview"');
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('<img');
    expect(html).toContain('<span class="markdown-link">docs</span>');
    expect(html).toContain('<span class="markdown-link">Image: Chart</span>');
  });
});
