import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import './markdown.css';

const components: Components = {
  // Links leave the app in a new tab, without handing it our window (noopener) or the page address. One
  // whose address the filter emptied stays plain text: an empty href would open this very page.
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a href={href} {...props} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // An address the filter emptied would make the browser fetch the page itself as the image.
  img: ({ node: _node, src, alt, ...props }) => (src ? <img src={src} alt={alt ?? ''} {...props} /> : null),
};

/**
 * Renders user-written markdown safely (spec core §5): raw HTML is dropped, and link and image addresses
 * keep only the schemes http, https, irc, ircs, mailto and xmpp or relative addresses, which is exactly
 * react-markdown's defaultUrlTransform (anything else becomes an empty address, rendered as no link). Loaded
 * on demand through MarkdownContent (markdown.tsx).
 */
export function MarkdownRenderer({ children, className }: { children: string; className?: string | undefined }) {
  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>
      <Markdown skipHtml urlTransform={defaultUrlTransform} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
